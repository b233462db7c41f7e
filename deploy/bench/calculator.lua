-- wrk script: POST the landing calculator with a rotating set of birth inputs.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local bodies = {}
local dates = { "1990-05-15", "1985-11-03", "2001-02-04", "1972-07-30", "1999-12-31", "1964-03-21", "2010-08-08", "1955-01-17" }
local times = { "14:30", "00:15", "23:40", "06:05", "12:00", "18:45", "09:09", "03:33" }
for i = 1, #dates do
  bodies[i] = string.format(
    '{"birthDate":"%s","birthTime":"%s","birthLocation":"東京, 日本","coordinates":{"longitude":139.6503,"latitude":35.6762}}',
    dates[i], times[i])
end
local n = 0
request = function()
  n = n % #bodies + 1
  return wrk.format(nil, "/api/public/calculate-bazi", nil, bodies[n])
end
done = function(summary, latency, requests)
  io.write(string.format("requests/s: %.0f\n", summary.requests / (summary.duration / 1e6)))
  io.write(string.format("p50: %.2f ms  p90: %.2f ms  p99: %.2f ms  max: %.2f ms\n",
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
  io.write(string.format("errors: connect %d, read %d, write %d, timeout %d, non-2xx %d\n",
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout, summary.errors.status))
end
