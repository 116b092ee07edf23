package dev.loomlab.lab.fanout;

import java.util.Locale;

/**
 * The fan-out call check: the downstream's count of calls against what the successful
 * requests claim to have made. Seed 003's WebFlux variant "took 10 s instead of 20" because
 * one of its two calls was never subscribed; its answers looked right, only a count shows it.
 *
 * <p>Tolerance: a request in flight when the window opens may have made calls before the count
 * was reset (calls missing), one in flight when it closes may have made calls not yet answered
 * (calls extra). The two cuts offset each other — in a steady state exactly — so their net is at
 * most one cut's worth: {@code inFlight x callsPerRequest}. The lab marks the window from the
 * driver's once-a-second reports, so the count is scaled to the driver's window and allowed
 * 5 % on top. A burst has no cut: every call of every answer counts.
 *
 * @param callsPerRequest   calls one correct request makes
 * @param ok                successful responses in the window
 * @param failed            failed responses in the window (each may have made some of its calls)
 * @param calls             calls the downstream counted, scaled to the driver's window
 * @param inFlight          requests that can be in flight at a cut-off (VUs, the burst, rate x S); 0 for a burst
 * @param cutOffs           whether the window has cut-offs (false for a burst)
 */
public record CallCheck(int callsPerRequest, long ok, long failed, double calls, long inFlight, boolean cutOffs) {

    public double expected() {
        return (double) callsPerRequest * ok;
    }

    public double observedPerRequest() {
        return ok == 0 ? 0 : calls / ok;
    }

    public double allowed() {
        double cut = cutOffs ? (double) inFlight * callsPerRequest + 0.05 * expected() : 0;
        return cut + (double) callsPerRequest * failed;
    }

    /** Whether the count can tell a missing call from the cut-offs' noise: a wrong variant is off by a whole call per request. */
    public boolean conclusive() {
        return ok > 0 && allowed() < 0.5 * ok;
    }

    public boolean passed() {
        return Math.abs(calls - expected()) <= allowed();
    }

    /** The finding: one sentence, naming the counts. */
    public String finding() {
        String counts = String.format(Locale.ROOT, "%d calls expected per request, %.2f observed (%,.0f downstream calls for %,d successful requests, ±%,.0f allowed)",
                callsPerRequest, observedPerRequest(), calls, ok, allowed());
        if (!conclusive()) {
            return "fan-out call check inconclusive: " + counts + " — the window is too short against the requests in flight at its cut-offs";
        }
        if (passed()) {
            return "fan-out call check passed: " + counts;
        }
        return "fan-out call check FAILED: " + counts + (calls < expected()
                ? ": a call was never made — the answers claim work the downstream never saw (seed 003's unsubscribed Mono)"
                : ": more calls than requests claim — retries or duplicated calls");
    }
}
