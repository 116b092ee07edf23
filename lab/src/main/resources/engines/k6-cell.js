// loomlab: one cell of load for k6 (template: lab/src/main/resources/engines/k6-cell.js).
// The lab replaces the two JSON placeholders below and writes the result beside the cell as
// <cell>.k6.js, so the exact script of every measurement is kept.
//
// One continuous scenario (warm-up then measured window, the same VUs and connections; a spike's extra users in a
// second one, a ramp's levels as the first one's stages), counted
// as the Hyperfoil driver counts: throughput by COMPLETION (a 2xx whose response ended inside the
// window, lab_ok_completed), everything else by START (requests, 2xx, errors and latency of the
// requests started inside the window). Only window requests feed the lab_* metrics below; k6's
// own http_* metrics cover the whole run (and k6's summary rate includes the graceful stop), so
// the lab never reads them.
import http from 'k6/http';
import exec from 'k6/execution';
import { Counter, Gauge, Trend } from 'k6/metrics';

const CELL = __LOOMLAB_CELL__;

export const options = __LOOMLAB_OPTIONS__;

// Response time of window requests that got a status: blocked + connecting + TLS + sending +
// waiting + receiving, i.e. from the moment the request was issued to its last byte; in the open
// model from the moment it was due (see dueMs).
const latency = new Trend('lab_latency', true);
const sent = new Counter('lab_sent');
const completed = new Counter('lab_completed');
const ok = new Counter('lab_ok');
const okCompleted = new Counter('lab_ok_completed');
const completedInWindow = new Counter('lab_completed_in_window');
const errConnect = new Counter('lab_err_connect');
const errTimeout = new Counter('lab_err_timeout');
const err4xx = new Counter('lab_err_status4xx');
const err5xx = new Counter('lab_err_status5xx');
const errOther = new Counter('lab_err_other');
// The window's wall-clock start (epoch ms), so the lab can sample k6's CPU over the same window.
const windowStart = new Gauge('lab_window_start_ms');
let announced = false;

// The open model's iteration n is due n / rate after the scenario's start (constant-arrival-rate; n counts
// across every agent's execution segment). Timed from its due instant, as the Hyperfoil driver times
// its requests: timed from the send, a k6 that stalls (starved of CPU, stopped) hides the wait of every
// request it should have sent meanwhile, and its latency reads as if the server had kept up. In the
// closed model a request is due when it is issued.
function dueMs(scenarioStart) {
  return CELL.ratePerSec > 0 ? scenarioStart + exec.scenario.iterationInTest * 1000 / CELL.ratePerSec : Date.now();
}

export default function () {
  // Every scenario is timed from the first one's start: a spike's extra users run in a scenario of their own that starts
  // CELL.startsMs.spike later, and their requests count in the same window as the steady users'.
  const scenarioStart = exec.scenario.startTime - (CELL.startsMs[exec.scenario.name] || 0);
  if (!announced && exec.scenario.name === 'cell') {
    windowStart.add(scenarioStart + CELL.warmupMs);
    announced = true;
  }
  const windowEnd = CELL.warmupMs + CELL.windowMs;
  const issued = Date.now();
  const due = Math.min(dueMs(scenarioStart), issued);
  const since = due - scenarioStart;
  const measured = since >= CELL.warmupMs && since < windowEnd;
  if (measured) {
    sent.add(1);
  }
  const res = http.get(CELL.url, { timeout: CELL.timeout });
  const status = res.status;
  const done = Date.now() - scenarioStart;
  if (done >= CELL.warmupMs && done < windowEnd) {
    completedInWindow.add(1);
    if (status >= 200 && status < 300) {
      okCompleted.add(1);
    }
  }
  if (!measured) {
    return;
  }
  completed.add(1);
  if (status !== 0) {
    const t = res.timings;
    // The index counts only the iterations k6 ran, not those it dropped (no free VU at their due instant):
    // each sample carries its send and its lateness, which the lab corrects by the drops before the send
    // (K6DroppedIterations, from the samples k6 writes with --out csv).
    exec.vu.metrics.metadata.issued = String(issued);
    exec.vu.metrics.metadata.late = String(issued - due);
    latency.add(issued - due + t.blocked + t.connecting + t.tls_handshaking + t.duration);
    delete exec.vu.metrics.metadata.issued;
    delete exec.vu.metrics.metadata.late;
  }
  if (status >= 200 && status < 300) {
    ok.add(1);
  } else if (status === 0) {
    // k6's error codes: 1050 request timeout; 1100-1299 DNS, dial, reset, broken pipe.
    const code = res.error_code;
    if (code === 1050) {
      errTimeout.add(1);
    } else if (code >= 1100 && code < 1300) {
      errConnect.add(1);
    } else {
      errOther.add(1);
    }
  } else if (status >= 500) {
    err5xx.add(1);
  } else if (status >= 400) {
    err4xx.add(1);
  } else {
    errOther.add(1);
  }
}

export function handleSummary(data) {
  return { [CELL.summaryPath]: JSON.stringify(data, null, 1) };
}
