package dev.loomlab.lab.load;

import dev.loomlab.lab.os.AtomicWrite;
import dev.loomlab.load.Workload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The agents' samples added up into one cell: the counts summed, the latency from their exactly merged histogram, and
 * {@code <name>.driver.json} with each agent's share.
 */
final class K6AgentsMerge {
    /** Written as the lab writes its own records (indented). */
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT).build();

    private K6AgentsMerge() {
    }

    static LoadResult result(LoadSpec spec, String version, AgentSamples[] samples, Histogram merged, double cpuS, int n) {
        double w = spec.duration().toMillis() / 1000.0;
        long requests = 0;
        long ok = 0;
        long okCompleted = 0;
        Map<String, Long> errors = new LinkedHashMap<>();
        for (AgentSamples s : samples) {
            requests += s.requests();
            ok += s.ok();
            okCompleted += s.okCompleted();
            s.errors().forEach((k, v) -> errors.merge(k, v, Long::sum));
        }
        Double rate = spec.workload() instanceof Workload.Open o ? o.ratePerSec() : null;
        long unsent = rate == null ? 0 : Math.max(0, Math.round(rate * w) - requests);
        boolean none = merged.getTotalCount() == 0;
        return new LoadResult(K6Engine.ID, version, w, requests, ok, okCompleted / w,
                new Latencies(ms(merged.getValueAtPercentile(50)), ms(merged.getValueAtPercentile(90)), ms(merged.getValueAtPercentile(99)),
                        ms(merged.getValueAtPercentile(99.9)), ms(merged.getMaxValue()), none ? 0 : merged.getMean() / 1e6),
                errors, rate, requests / w, unsent, cpuS, "none (native k6 on " + n + " agent" + (n == 1 ? "" : "s") + ")", null);
    }

    static double ms(long ns) {
        return Math.round(ns / 1e3) / 1e3;
    }

    /** {@code <name>.driver.json}: the cell's figures, the per-second series and okWholeRun (summed), each agent's share. */
    static void writeDriverJson(LoadSpec spec, LoadResult r, AgentSamples[] samples, List<Map<String, Object>> shares) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("engine", r.engine());
        m.put("engineVersion", r.engineVersion());
        m.put("url", spec.url());
        m.put("agents", shares.size());
        m.put("durationS", r.durationS());
        m.put("requests", r.requests());
        m.put("ok", r.ok());
        m.put("tps", r.tps());
        m.put("p50Ms", r.latency().p50Ms());
        m.put("p99Ms", r.latency().p99Ms());
        m.put("errors", r.errors());
        m.put("driverCpuS", r.driverCpuS());
        // the window's seconds counted from each agent's own window start: they opened together
        List<Long> perSecond = new ArrayList<>();
        long okWholeRun = 0;
        for (AgentSamples s : samples) {
            for (int k = 0; k < s.okPerSecond().size(); k++) {
                if (perSecond.size() <= k) {
                    perSecond.add(0L);
                }
                perSecond.set(k, perSecond.get(k) + s.okPerSecond().get(k));
            }
            okWholeRun += s.okWholeRun();
        }
        m.put("okPerSecond", perSecond);
        m.put("okWholeRun", okWholeRun);
        m.put("shares", shares);
        AtomicWrite.write(spec.outDir().resolve(spec.name() + ".driver.json"),
                JSON.writerWithDefaultPrettyPrinter().writeValueAsString(m));
    }
}
