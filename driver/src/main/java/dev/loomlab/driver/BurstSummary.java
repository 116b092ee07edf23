package dev.loomlab.driver;

import org.HdrHistogram.Histogram;

/**
 * The result of a burst: N requests fired at once. No warm-up and no window: every request counts,
 * and the figure of merit is the wall time from the first send to the last completion.
 */
final class BurstSummary {
    final DriverSpec spec;
    /** Outcome counts over every statistics interval of the run (all requests of the burst). */
    final WindowSummary all;
    /** Start-to-completion times (ns) of the responses with a status, range 1 hour. */
    final Histogram histogram;
    final long firstSendEpochMs;
    final long lastCompletionEpochMs;
    /** First send to last completion, ms (monotonic clock); 0 if nothing completed. */
    final double wallTimeMs;
    /** First send to last send of the requests that completed, ms: how "at once" the burst was. */
    final double sendSpreadMs;
    final long completed;
    final long[] okPerSecond;
    final long[] errorsPerSecond;

    BurstSummary(DriverSpec spec, HyperfoilRun.Result result) {
        this.spec = spec;
        int end = result.intervals().isEmpty() ? 1 : result.intervals().lastKey() + 1;
        this.all = new WindowSummary(spec, result, -1, 0, end);
        Completions c = result.completions();
        this.histogram = c.latencyHistogram();
        this.completed = c.total();
        Completions.Span span = c.span();
        boolean any = span.any();
        this.firstSendEpochMs = any ? span.firstStartEpochMs() : result.phaseStartEpochMs();
        this.lastCompletionEpochMs = any ? span.lastEndEpochMs() : firstSendEpochMs;
        this.wallTimeMs = any ? (span.lastEndNanos() - span.firstStartNanos()) / 1e6 : 0;
        this.sendSpreadMs = any ? (span.lastStartNanos() - span.firstStartNanos()) / 1e6 : 0;
        histogram.setStartTimeStamp(firstSendEpochMs);
        histogram.setEndTimeStamp(Math.max(firstSendEpochMs, lastCompletionEpochMs));
        int seconds = result.phaseStartEpochMs() > 0 && any
                ? (int) Math.min(c.seconds(), (lastCompletionEpochMs - result.phaseStartEpochMs()) / 1000 + 1) : 0;
        okPerSecond = new long[Math.max(0, seconds)];
        errorsPerSecond = new long[okPerSecond.length];
        for (int i = 0; i < okPerSecond.length; i++) {
            okPerSecond[i] = c.ok(i);
            errorsPerSecond[i] = c.errors(i);
        }
    }

    double wallTimeS() {
        return wallTimeMs / 1000.0;
    }

    double tps() {
        return wallTimeMs > 0 ? all.ok / wallTimeS() : 0;
    }
}
