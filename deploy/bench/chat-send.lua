-- wrk script: POST /api/chat/messages, each request a new message id (a random UUID v4, so every
-- send is charged and answered), the whole reply stream read (wrk counts a response once its
-- chunked body ends, after the `done` event). The summary comes from report.lua beside it.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")

init = function(args)
  -- Each wrk thread has its own Lua state: seed it apart from the others.
  local address = tonumber(tostring({}):match("0x(%x+)") or "0", 16) or 0
  math.randomseed(os.time() + address % 1000003)
end

local function uuid4()
  local template = "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx"
  return (template:gsub("[xy]", function(c)
    local v = (c == "x") and math.random(0, 15) or math.random(8, 11)
    return string.format("%x", v)
  end))
end

request = function()
  local body = '{"messageId":"' .. uuid4() .. '","message":"今日の運勢は？","timezoneOffset":-540}'
  return wrk.format("POST", nil, { ["content-type"] = "application/json" }, body)
end
