package dev.loomlab.lab.load;

import java.nio.file.Path;
import java.time.Duration;

/**
 * One cell's load: closed model, {@code vus} users without think time against one URL;
 * only the window after {@code warmup} is measured.
 *
 * @param outDir where the engine writes {@code <name>.hlog} and {@code <name>.driver.json}
 */
public record LoadSpec(String url, int vus, Duration warmup, Duration duration, Duration requestTimeout,
                       Path outDir, String name, Path log) {
}
