-- wrk script: GET the friend search with rotating prefixes of the seeded usernames (member00000 …
-- member09999), from a handful of matches to thousands (the answer keeps 10), some in capitals or
-- full width (social's key is NFKC and lower case). The summary comes from report.lua beside it.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")
local queries = { "member", "member0", "member01", "member012", "member0123", "member09", "member5", "member077",
  "MEMBER04", "ｍｅｍｂｅｒ03" }
local paths = {}
for i, q in ipairs(queries) do
  local encoded = q:gsub("[^%w]", function(c) return string.format("%%%02X", string.byte(c)) end)
  paths[i] = "/api/friends/search?limit=10&q=" .. encoded
end
local n = 0
request = function()
  n = n % #paths + 1
  return wrk.format("GET", paths[n])
end
