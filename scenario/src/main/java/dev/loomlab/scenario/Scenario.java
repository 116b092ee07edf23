package dev.loomlab.scenario;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One endpoint of the contract. Every model's server serves it at the same method and path
 * with the same semantics, so that results compare like with like.
 *
 * @param id              the id used everywhere: plans, result files, report legends
 * @param method          HTTP method
 * @param path            HTTP path, the same on every model
 * @param params          bounded query parameters
 * @param sql             the statement per dialect, with named parameters only ({@code :seconds});
 *                        empty when the scenario does not query
 * @param holdsConnection whether a pooled connection is held for the whole service time
 *                        (then the pool, not the threads, bounds throughput)
 * @param responseShape   what a correct body looks like
 * @param description     one line for people
 */
public record Scenario(
        String id,
        String method,
        String path,
        List<Param> params,
        Map<Dialect, String> sql,
        boolean holdsConnection,
        Pattern responseShape,
        String description) {

    public Scenario {
        params = List.copyOf(params);
        sql = Map.copyOf(sql);
    }

    public boolean usesDatabase() {
        return !sql.isEmpty();
    }

    public Optional<Param> param(String name) {
        return params.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    public String sql(Dialect dialect) {
        String statement = sql.get(dialect);
        if (statement == null) {
            throw new IllegalStateException(id + " has no SQL for " + dialect);
        }
        return statement;
    }

    /** Parses and bounds every parameter; {@code raw} maps a parameter name to its query-string value or null. */
    public Map<String, Long> parse(Function<String, String> raw) {
        Map<String, Long> values = new LinkedHashMap<>();
        for (Param p : params) {
            values.put(p.name(), p.parse(raw.apply(p.name())));
        }
        return values;
    }

    public Map<String, Long> defaults() {
        return parse(name -> null);
    }

    /**
     * The time one request spends in the scenario when nothing queues: the seeds' S in
     * Little's law. Only the sleep counts; a fast query's few hundred microseconds do not.
     */
    public Duration serviceTime(Map<String, Long> args) {
        Optional<FanOut> fanOut = FanOut.of(this);
        if (fanOut.isPresent()) {
            return fanOut.get().serviceTime(args.getOrDefault("ms", param("ms").orElseThrow().defaultValue()));
        }
        return param("ms").map(p -> Duration.ofMillis(args.getOrDefault("ms", p.defaultValue()))).orElse(Duration.ZERO);
    }

    /** The request path with every argument spelled out, e.g. {@code /block?ms=1000}. */
    public String pathWithQuery(Map<String, Long> args) {
        if (params.isEmpty()) {
            return path;
        }
        Map<String, Long> all = new LinkedHashMap<>(defaults());
        all.putAll(args);
        return path + "?" + all.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining("&"));
    }

    public boolean bodyMatches(String body) {
        return body != null && responseShape.matcher(body).matches();
    }

    @Override
    public String toString() {
        return id;
    }
}
