// loomlab: one agent's share of one cell of load (template: lab/src/main/resources/engines/k6-agent.js).
// Every agent runs this same script with its own --execution-segment; the lab replaces the two JSON
// placeholders and keeps the script beside the cell as <cell>.k6.js.
//
// Unlike engines/k6-cell.js this script counts nothing itself: it writes one sample per request
// (k6's --out csv) to a metric named for the request's outcome, its value the response time, its
// timestamp the completion. The lab reads the samples back into one HdrHistogram per agent, adds
// the agents' histograms exactly and counts the window as the other engines do (by start, and
// throughput by completion second) — a k6 summary's percentiles could not be added up.
import http from 'k6/http';
import exec from 'k6/execution';
import { Gauge, Trend } from 'k6/metrics';

const CELL = __LOOMLAB_CELL__;

export const options = __LOOMLAB_OPTIONS__;

const outcome = {
  ok: new Trend('lab_r_ok', true),
  status4xx: new Trend('lab_r_status4xx', true),
  status5xx: new Trend('lab_r_status5xx', true),
  other: new Trend('lab_r_other', true),
  timeout: new Trend('lab_r_timeout', true),
  connect: new Trend('lab_r_connect', true),
  failed: new Trend('lab_r_failed', true),
};
// The window's wall-clock start on this agent (epoch ms): the scenario starts when the lab resumes the agent.
const windowStart = new Gauge('lab_window_start_ms');
let announced = false;

// The open model's iteration n is due n / rate after the scenario's start, n counted across every agent's
// segment: each sample's value runs from that instant (as engines/k6-cell.js times it, and the Hyperfoil
// driver), so an agent that stalls shows the wait of the requests it should have sent meanwhile.
function dueMs(issued) {
  return CELL.ratePerSec > 0 ? Math.min(issued, exec.scenario.startTime + exec.scenario.iterationInTest * 1000 / CELL.ratePerSec) : issued;
}

export default function () {
  if (!announced) {
    windowStart.add(exec.scenario.startTime + CELL.warmupMs);
    announced = true;
  }
  const issued = Date.now();
  const late = issued - dueMs(issued);
  const res = http.get(CELL.url, { timeout: CELL.timeout });
  const status = res.status;
  let kind;
  let ms;
  if (status === 0) {
    // No timings without an answer: the time it took to fail. k6's codes: 1050 timeout; 1100-1299 DNS, dial, reset.
    const code = res.error_code;
    kind = code === 1050 ? 'timeout' : code >= 1100 && code < 1300 ? 'connect' : 'failed';
    ms = Date.now() - issued + late;
  } else {
    // Response time: blocked + connecting + TLS + sending + waiting + receiving, as engines/k6-cell.js measures it.
    const t = res.timings;
    ms = late + t.blocked + t.connecting + t.tls_handshaking + t.duration;
    kind = status >= 200 && status < 300 ? 'ok' : status >= 500 ? 'status5xx' : status >= 400 ? 'status4xx' : 'other';
  }
  if (CELL.ratePerSec > 0) {
    // The index counts only the iterations this agent ran, not the slots of its segment it dropped (no free VU at
    // their due instant): the sample carries its send and lateness, which the lab corrects by the drops before the
    // send (AgentSamples, K6DroppedIterations).
    exec.vu.metrics.metadata.issued = String(issued);
    exec.vu.metrics.metadata.late = String(late);
  }
  outcome[kind].add(ms);
  if (CELL.ratePerSec > 0) {
    delete exec.vu.metrics.metadata.issued;
    delete exec.vu.metrics.metadata.late;
  }
}

// No end-of-test summary: the samples are the result.
export function handleSummary() {
  return {};
}
