package dev.loomlab.lab.load;

import java.nio.file.Path;
import java.time.Duration;

/**
 * One cell's load against one URL, in one of three shapes (exactly one is set):
 * <ul>
 *   <li>closed model: {@code vus} users without think time; only the window after {@code warmup} is measured;</li>
 *   <li>open model: {@code rate} requests per second on a fixed schedule, latency from each request's intended send time;</li>
 *   <li>burst: {@code burst} requests fired at once; the answer is the time until the last one completes
 *       (seed 002's "100 calls of a 10 s API on 10 threads", seed 004's "600 requests of 2 s").</li>
 * </ul>
 *
 * @param outDir where the engine writes {@code <name>.hlog} and its raw result
 * @param method the HTTP method, GET unless the scenario says otherwise (seed 004's POST)
 */
public record LoadSpec(String url, Integer vus, Double rate, Integer burst, Duration warmup, Duration duration,
                       Duration requestTimeout, Path outDir, String name, Path log, String method) {

    public LoadSpec(String url, Integer vus, Double rate, Integer burst, Duration warmup, Duration duration,
                    Duration requestTimeout, Path outDir, String name, Path log) {
        this(url, vus, rate, burst, warmup, duration, requestTimeout, outDir, name, log, "GET");
    }

    public LoadSpec withMethod(String newMethod) {
        return new LoadSpec(url, vus, rate, burst, warmup, duration, requestTimeout, outDir, name, log, newMethod);
    }

    public LoadSpec {
        method = method == null ? "GET" : method;
        int shapes = (vus != null ? 1 : 0) + (rate != null ? 1 : 0) + (burst != null ? 1 : 0);
        if (shapes != 1) {
            throw new IllegalArgumentException("exactly one of vus, rate and burst must be set");
        }
    }

    public static LoadSpec closed(String url, int vus, Duration warmup, Duration duration, Duration timeout,
                                  Path outDir, String name, Path log) {
        return new LoadSpec(url, vus, null, null, warmup, duration, timeout, outDir, name, log);
    }

    public static LoadSpec open(String url, double rate, Duration warmup, Duration duration, Duration timeout,
                                Path outDir, String name, Path log) {
        return new LoadSpec(url, null, rate, null, warmup, duration, timeout, outDir, name, log);
    }

    public static LoadSpec burst(String url, int requests, Duration timeout, Path outDir, String name, Path log) {
        return new LoadSpec(url, null, null, requests, Duration.ZERO, Duration.ZERO, timeout, outDir, name, log);
    }

    public boolean openModel() {
        return rate != null;
    }

    public boolean burstShape() {
        return burst != null;
    }
}
