package dev.loomlab.lab.cell;

import dev.loomlab.lab.fanout.CallCheck;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.load.LoadResult;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.os.process.Once;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.server.DownstreamProcess;
import dev.loomlab.load.Workload;
import dev.loomlab.scenario.FanOut;
import dev.loomlab.scenario.Scenario;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The run's downstream server for the fan-out scenarios: started on first need (its own JVM, on
 * the load driver's CPUs), shared by every cell of the run, stopped with the run. Per cell, a
 * {@link Count} resets the downstream's count when the measured window opens and reads it when
 * the window closes.
 */
public final class FanOutDownstream implements AutoCloseable {
    private final Jdk jdk;
    private final CpuLayout cpus;
    private final RunFolder folder;
    /** Started by the first cell that needs it (again if it died), with no lock held while its JVM starts. */
    private final Once<DownstreamProcess> process = new Once<>();

    public FanOutDownstream(Jdk jdk, CpuLayout cpus, RunFolder folder) {
        this.jdk = jdk;
        this.cpus = cpus;
        this.folder = folder;
    }

    static boolean needed(List<Scenario> scenarios) {
        return scenarios.stream().anyMatch(FanOut::needsDownstream);
    }

    DownstreamProcess get() {
        return process.get(() -> DownstreamProcess.start(jdk, cpus, folder.logs().resolve("downstream.log")),
                DownstreamProcess::isAliveProcess);
    }

    /** The count for one cell: nothing to count unless the scenario fans out. */
    Count count(Scenario scenario) {
        return FanOut.of(scenario).map(f -> new Count(f, get())).orElse(Count.NONE);
    }

    @Override
    public void close() {
        process.take().ifPresent(DownstreamProcess::close);
    }

    /** One cell's downstream calls between the window's open and close marks. */
    static class Count {
        static final Count NONE = new Count(null, null);

        private final FanOut fanOut;
        private final DownstreamProcess downstream;
        // The window's marks are HTTP calls to the downstream: each is made once, by whichever thread comes first (the
        // load's progress, or the end of the load), with no monitor held while it waits for the answer.
        private final Once<Boolean> opened = new Once<>();
        private final Once<Boolean> closed = new Once<>();
        private volatile long openedAt;
        private volatile long closedAt;
        private volatile Long calls;
        private volatile String error;

        Count(FanOut fanOut, DownstreamProcess downstream) {
            this.fanOut = fanOut;
            this.downstream = downstream;
        }

        void open() {
            if (fanOut == null) {
                return;
            }
            opened.get(() -> {
                try {
                    downstream.reset();
                    openedAt = System.nanoTime();
                    return true;
                } catch (IllegalStateException e) {
                    error = e.getMessage();
                    return false;
                }
            });
        }

        /** Reads the count once the window's open mark is made (waiting for one under way); nothing to read without it. */
        void close() {
            if (fanOut == null || !opened.settled().orElse(false)) {
                return;
            }
            closed.get(() -> {
                try {
                    calls = downstream.calls();
                    closedAt = System.nanoTime();
                } catch (IllegalStateException e) {
                    error = e.getMessage();
                }
                return true;
            });
        }

        boolean measured() {
            return fanOut != null && (calls != null || error != null);
        }

        CallCheck check(LoadResult load, Plan plan, Duration serviceTime) {
            if (calls == null) {
                return null;
            }
            long failed = load.requests() - load.ok();
            if (plan.workload() instanceof Workload.Burst) {
                return new CallCheck(fanOut.callsPerRequest(), load.ok(), failed, calls, 0, false);
            }
            // The driver's window, not the lab's marks of it (the driver reports once a second): scale the count.
            double labWindowS = (closedAt - openedAt) / 1e9;
            double scaled = labWindowS <= 0 ? calls : calls * load.durationS() / labWindowS;
            long inFlight = plan.workload() instanceof Workload.Open open
                    ? (long) Math.ceil(open.ratePerSec() * Math.max(serviceTime.toMillis(), 1) / 1000.0)
                    : ((Workload.Closed) plan.workload()).vus();
            return new CallCheck(fanOut.callsPerRequest(), load.ok(), failed, scaled, inFlight, true);
        }

        Map<String, Double> metrics(CallCheck check) {
            Map<String, Double> m = new LinkedHashMap<>();
            if (check != null) {
                m.put("downstreamCalls", (double) calls);
                m.put("downstreamCallsScaled", check.calls());
                m.put("downstreamCallsExpectedPerRequest", (double) check.callsPerRequest());
                m.put("downstreamCallsPerRequest", check.observedPerRequest());
                m.put("downstreamCallsPassed", check.conclusive() ? check.passed() ? 1.0 : 0.0 : Double.NaN);
                // The rest of the check, so the findings rule can judge it again from the cell file.
                m.put("downstreamCallsFailedRequests", (double) check.failed());
                m.put("downstreamCallsInFlight", (double) check.inFlight());
                m.put("downstreamCallsCutOffs", check.cutOffs() ? 1.0 : 0.0);
            } else {
                m.put("downstreamCallsUnread", 1.0);
            }
            return m;
        }
    }
}
