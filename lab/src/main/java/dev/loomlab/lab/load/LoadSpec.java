package dev.loomlab.lab.load;

import dev.loomlab.load.Window;
import dev.loomlab.load.Workload;
import java.nio.file.Path;
import java.time.Duration;
import dev.loomlab.load.HttpCall;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.Spike;
import dev.loomlab.load.TlsTrust;
import java.util.List;

/**
 * One cell's load against one URL: its {@link Workload} (closed VUs, open rate or a burst), the {@link Window}
 * measured after a warm-up ({@link Window#NONE} for a burst, timed from its first send to its last answer) and
 * the request timeout.
 *
 * @param method the HTTP method, GET unless the scenario says otherwise
 * @param outDir where the engine writes {@code <name>.hlog} and its raw result
 * @param log    the engine's own log
 * @param calls  a foreign service's request mix sent on {@code url}'s scheme, host and port instead of its one request;
 *               empty for the one request on {@code url}
 * @param tls    whom an {@code https://} url's certificate must come from
 * @param spike  a step of the load inside the window and back ({@code shape: spike …}), or null for a steady load
 * @param ramp   a closed load's rise from a few VUs to the workload's inside the window ({@code shape: ramp …}), or null
 * @param perSecond whether the engine must keep the window's per-second series (each second's latencies, 2xx and errors)
 *               even where that costs it (k6 then writes every request out): a shaped load's figures are read from them
 */
public record LoadSpec(String url, String method, Workload workload, Window window, Duration requestTimeout, Path outDir, String name,
                       Path log, List<HttpCall> calls, TlsTrust tls, Spike spike, Ramp ramp, boolean perSecond) {

    public LoadSpec {
        method = method == null ? "GET" : method;
        calls = calls == null ? List.of() : List.copyOf(calls);
        tls = tls == null ? TlsTrust.AUTHORITIES : tls;
        if (workload == null || window == null || requestTimeout == null) {
            throw new IllegalArgumentException("a load needs its workload, window and request timeout");
        }
    }

    /** The one request on {@code url}. */
    public LoadSpec(String url, String method, Workload workload, Window window, Duration requestTimeout, Path outDir, String name,
                    Path log) {
        this(url, method, workload, window, requestTimeout, outDir, name, log, List.of(), TlsTrust.AUTHORITIES, null, null, false);
    }

    public static LoadSpec closed(String url, int vus, Duration warmup, Duration duration, Duration timeout,
                                  Path outDir, String name, Path log) {
        return new LoadSpec(url, "GET", new Workload.Closed(vus), new Window(warmup, duration), timeout, outDir, name, log);
    }

    public static LoadSpec open(String url, double rate, Duration warmup, Duration duration, Duration timeout,
                                Path outDir, String name, Path log) {
        return new LoadSpec(url, "GET", new Workload.Open(rate), new Window(warmup, duration), timeout, outDir, name, log);
    }

    public static LoadSpec burst(String url, int requests, Duration timeout, Path outDir, String name, Path log) {
        return new LoadSpec(url, "GET", new Workload.Burst(requests), Window.NONE, timeout, outDir, name, log);
    }

    public LoadSpec withMethod(String newMethod) {
        return new LoadSpec(url, newMethod, workload, window, requestTimeout, outDir, name, log, calls, tls, spike, ramp, perSecond);
    }

    /** This load sending {@code mix} instead of its one request, trusting {@code trust} for https. */
    public LoadSpec sending(List<HttpCall> mix, TlsTrust trust) {
        return new LoadSpec(url, method, workload, window, requestTimeout, outDir, name, log, mix, trust, spike, ramp, perSecond);
    }

    /** This load stepped up by {@code step} inside its window and back (null: steady). */
    public LoadSpec spiking(Spike step) {
        return new LoadSpec(url, method, workload, window, requestTimeout, outDir, name, log, calls, tls, step, ramp, perSecond);
    }

    /** This closed load rising by {@code rise} inside its window (null: steady). */
    public LoadSpec ramping(Ramp rise) {
        return new LoadSpec(url, method, workload, window, requestTimeout, outDir, name, log, calls, tls, spike, rise, perSecond);
    }

    /** This load with its per-second series kept (true) or left to the engine's habit (false). */
    public LoadSpec keepingSeconds(boolean keep) {
        return new LoadSpec(url, method, workload, window, requestTimeout, outDir, name, log, calls, tls, spike, ramp, keep);
    }

    /** Whether the engine must keep the window's per-second series: asked, or a spike's or a ramp's, whose figures are read from them. */
    public boolean keepsSeconds() {
        return perSecond || spike != null || ramp != null;
    }

    /**
     * The warm-up of an engine that cannot place its window while the load runs (k6, wrk): a settling warm-up's longest,
     * so that the load has had every chance to settle; the window is checked for drift afterwards all the same.
     */
    public Duration warmup() {
        return window.warmupMax();
    }

    /** The measured window. */
    public Duration duration() {
        return window.measure();
    }
}
