-- wrk script: POST /api/chat/messages, each request a new message id (a random UUID v4, so every
-- send is charged and answered), the whole reply stream read (wrk counts a response once its
-- chunked body ends, after the `done` event). The summary comes from report.lua beside it.
-- With CHAT_COOKIES naming a file of session cookies (one per line), the requests take the members
-- in turn instead of the -H cookie.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")

init = function(args)
  -- Each wrk thread has its own Lua state: seed it apart from the others.
  local address = tonumber(tostring({}):match("0x(%x+)") or "0", 16) or 0
  math.randomseed(os.time() + address % 1000003)
  cookies = {}
  local path = os.getenv("CHAT_COOKIES")
  if path and path ~= "" then
    for line in io.lines(path) do
      if line ~= "" then cookies[#cookies + 1] = line end
    end
  end
  turn = math.random(1, math.max(#cookies, 1))
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
  -- wrk.format's headers replace wrk.headers (the -H cookie and origin, and Host): pass them all.
  local headers = {}
  for name, value in pairs(wrk.headers) do headers[name] = value end
  headers["content-type"] = "application/json"
  if #cookies > 0 then
    turn = turn % #cookies + 1
    headers["cookie"] = cookies[turn]
  end
  return wrk.format("POST", nil, headers, body)
end

-- A benchmark of refusals is no benchmark: say what the first non-2xx answer was.
local told = false
response = function(status, headers, body)
  if status >= 300 and not told then
    told = true
    io.stderr:write(string.format("chat-send: HTTP %d %s\n", status, string.sub(body or "", 1, 200)))
  end
end
