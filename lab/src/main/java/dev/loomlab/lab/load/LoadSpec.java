package dev.loomlab.lab.load;

import java.nio.file.Path;
import java.time.Duration;

/**
 * One cell's load against one URL: the closed model ({@code vus} users without think time) or
 * the open model ({@code rate} requests per second on a fixed schedule, latency measured from
 * each request's intended send time). Exactly one of the two is set. Only the window after
 * {@code warmup} is measured.
 *
 * @param outDir where the engine writes {@code <name>.hlog} and its raw result
 */
public record LoadSpec(String url, Integer vus, Double rate, Duration warmup, Duration duration, Duration requestTimeout,
                       Path outDir, String name, Path log) {

    public LoadSpec {
        if ((vus == null) == (rate == null)) {
            throw new IllegalArgumentException("exactly one of vus and rate must be set");
        }
    }

    public static LoadSpec closed(String url, int vus, Duration warmup, Duration duration, Duration timeout,
                                  Path outDir, String name, Path log) {
        return new LoadSpec(url, vus, null, warmup, duration, timeout, outDir, name, log);
    }

    public static LoadSpec open(String url, double rate, Duration warmup, Duration duration, Duration timeout,
                                Path outDir, String name, Path log) {
        return new LoadSpec(url, null, rate, warmup, duration, timeout, outDir, name, log);
    }

    public boolean openModel() {
        return rate != null;
    }
}
