package dev.loomlab.lab.load;

import dev.loomlab.load.Window;
import dev.loomlab.load.Workload;
import java.nio.file.Path;
import java.time.Duration;

/**
 * One cell's load against one URL: its {@link Workload} (closed VUs, open rate or a burst), the {@link Window}
 * measured after a warm-up ({@link Window#NONE} for a burst, timed from its first send to its last answer) and
 * the request timeout.
 *
 * @param method the HTTP method, GET unless the scenario says otherwise
 * @param outDir where the engine writes {@code <name>.hlog} and its raw result
 * @param log    the engine's own log
 */
public record LoadSpec(String url, String method, Workload workload, Window window, Duration requestTimeout, Path outDir, String name,
                       Path log) {

    public LoadSpec {
        method = method == null ? "GET" : method;
        if (workload == null || window == null || requestTimeout == null) {
            throw new IllegalArgumentException("a load needs its workload, window and request timeout");
        }
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
        return new LoadSpec(url, newMethod, workload, window, requestTimeout, outDir, name, log);
    }

    /** Driver {@code index} (0-based) of {@code of}: its share of the load, under its own name and log. */
    LoadSpec share(int index, int of) {
        String suffix = ".d" + (index + 1);
        Path ownLog = log.resolveSibling(log.getFileName().toString().replace(".driver.log", suffix + ".driver.log"));
        return new LoadSpec(url, method, workload.share(index, of), window, requestTimeout, outDir, name + suffix, ownLog);
    }

    public Duration warmup() {
        return window.warmup();
    }

    /** The measured window. */
    public Duration duration() {
        return window.measure();
    }
}
