-- loomlab: one wrk invocation of a cell (lab/src/main/resources/engines/wrk-cell.lua).
-- Arguments after "--": <windowStartEpochMs> <windowEndEpochMs> <reportPath>
--
-- wrk's own counters cover its whole invocation. This script also counts, per thread, the
-- responses that COMPLETE inside the wall-clock window (epoch ms, CLOCK_REALTIME through
-- LuaJIT's FFI), by status class, so the lab can divide by the window it asked for. At the end
-- done() writes one JSON object to <reportPath>: wrk's summary and error counters, the window
-- counts, and wrk's latency percentiles (microseconds) at the lab's percentile grid.
--
-- Caveat kept in the report: after the run wrk adds synthetic samples to its latency histogram
-- (coordinated-omission correction), so its tail percentiles are estimates.

local ffi = require("ffi")
ffi.cdef [[
typedef struct { long tv_sec; long tv_nsec; } loomlab_timespec;
int clock_gettime(int clk_id, loomlab_timespec *tp);
]]
local clock_buf = ffi.new("loomlab_timespec")
local CLOCK_REALTIME = 0

local function now_ms()
  ffi.C.clock_gettime(CLOCK_REALTIME, clock_buf)
  return tonumber(clock_buf.tv_sec) * 1000 + tonumber(clock_buf.tv_nsec) / 1e6
end

-- Main Lua state: the threads, so done() can read their counters.
local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

-- Thread Lua states from here to response().
function init(args)
  window_start = tonumber(args[1]) or 0
  window_end = tonumber(args[2]) or 0
  report_path = args[3] or ""
  total, non2xx = 0, 0
  w_completed, w_ok, w_4xx, w_5xx, w_other = 0, 0, 0, 0, 0
  next_report = now_ms() + 1000
end

function response(status, headers, body)
  local t = now_ms()
  total = total + 1
  local ok = status >= 200 and status < 300
  if not ok then
    non2xx = non2xx + 1
  end
  if t >= window_start and t < window_end then
    w_completed = w_completed + 1
    if ok then
      w_ok = w_ok + 1
    elseif status >= 500 then
      w_5xx = w_5xx + 1
    elseif status >= 400 then
      w_4xx = w_4xx + 1
    else
      w_other = w_other + 1
    end
  end
  if t >= next_report then
    io.write(string.format("loomlab-progress %d %.0f %d %d\n", id, t, total, non2xx))
    io.flush()
    next_report = t + 1000
  end
end

local function grid()
  local g = {}
  for i = 1, 99 do g[#g + 1] = tostring(i) end
  for _, prefix in ipairs({ "99.", "99.9", "99.99" }) do
    for i = 1, 9 do g[#g + 1] = prefix .. i end
  end
  return g
end

function done(summary, latency, requests)
  local w = { completed = 0, ok = 0, s4 = 0, s5 = 0, other = 0 }
  local path, ws, we = "", 0, 0
  for _, t in ipairs(threads) do
    w.completed = w.completed + t:get("w_completed")
    w.ok = w.ok + t:get("w_ok")
    w.s4 = w.s4 + t:get("w_4xx")
    w.s5 = w.s5 + t:get("w_5xx")
    w.other = w.other + t:get("w_other")
    path, ws, we = t:get("report_path"), t:get("window_start"), t:get("window_end")
  end
  local recorded = summary.requests - summary.errors.timeout
  local out = {}
  local function add(s) out[#out + 1] = s end
  add("{\n")
  add(string.format(' "engine": "wrk",\n "threads": %d,\n', #threads))
  add(string.format(' "durationUs": %.0f,\n "requests": %.0f,\n "bytes": %.0f,\n',
    summary.duration, summary.requests, summary.bytes))
  local e = summary.errors
  add(string.format(' "errors": {"connect": %.0f, "read": %.0f, "write": %.0f, "status": %.0f, "timeout": %.0f},\n',
    e.connect, e.read, e.write, e.status, e.timeout))
  add(string.format(' "window": {"startEpochMs": %.0f, "endEpochMs": %.0f, "completed": %.0f, "ok": %.0f, ' ..
    '"status4xx": %.0f, "status5xx": %.0f, "statusOther": %.0f},\n', ws, we, w.completed, w.ok, w.s4, w.s5, w.other))
  add(string.format(' "latencyUs": {"recorded": %.0f', recorded))
  if recorded > 0 then
    add(string.format(', "min": %.0f, "max": %.0f, "mean": %.3f, "stdev": %.3f, "percentiles": {',
      latency.min, latency.max, latency.mean, latency.stdev))
    for i, p in ipairs(grid()) do
      add(string.format('%s"%s": %.0f', i > 1 and ", " or "", p, latency:percentile(tonumber(p))))
    end
    add("}")
  end
  add("}\n}\n")
  local f = assert(io.open(path, "w"))
  f:write(table.concat(out))
  f:close()
end
