package dev.loomlab.lab.load;

import dev.loomlab.lab.os.AtomicWrite;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * A lone k6's window second by second, in the files a cell reads its seconds from as it reads the Hyperfoil driver's:
 * {@code <name>.hlog} with one interval a second (each request's own latency, not {@link PercentileHistogram}'s grid) and
 * {@code <name>.driver.json} with the 2xx and errors of each second ({@code okPerSecond}, {@code errorsPerSecond}).
 */
final class K6WindowFiles {
    /** Written as the lab writes its own records (indented). */
    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private K6WindowFiles() {
    }

    static void write(LoadSpec spec, K6CellSamples.Window window, long windowStartMs, String engineVersion, List<String> comments) {
        for (int i = 0; i < window.latencies().size(); i++) {
            Histogram h = window.latencies().get(i);
            h.setStartTimeStamp(windowStartMs + i * 1000L);
            h.setEndTimeStamp(Math.min(windowStartMs + (i + 1) * 1000L, windowStartMs + spec.duration().toMillis()));
        }
        PercentileHistogram.writeLog(spec.outDir(), spec.name(), window.latencies(), windowStartMs, comments, "loomlab: units=nanoseconds"
                + " (response time); every request of the window from k6's samples, one interval a second by the second it was due in");
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("engine", K6Engine.ID);
        m.put("engineVersion", engineVersion);
        m.put("url", spec.url());
        m.put("okPerSecond", window.ok());
        m.put("errorsPerSecond", window.errors());
        AtomicWrite.write(spec.outDir().resolve(spec.name() + ".driver.json"), JSON.writeValueAsString(m));
    }
}
