package dev.loomlab.lab.plan;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.lab.catalog.Model;
import dev.loomlab.scenario.Param;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads a plan: a preset by name (or a YAML file by path), then the CLI's overrides on top,
 * then validates every field. Any mistake is a {@link PlanException} with one line that names
 * the field and what is allowed — never a stack trace.
 */
public final class PlanLoader {
    /** The presets shipped in {@code plans/}; each file's {@code name} equals its file name. */
    public static final List<String> PRESETS = List.of("quick", "seed-talk", "seed-blog", "c10k", "legacy", "seed-notes", "pitfalls");

    /** Every field a plan may set, in the order the docs list them. */
    public static final List<String> FIELDS = List.of(
            "name", "description", "models", "scenarios", "sleepMs", "vus", "rate", "burst", "warmup", "duration", "rounds",
            "poolSize", "heap", "database", "dbUrl", "dbUser", "dbPassword", "engine", "requestTimeout", "poolTimeout", "jdks", "tomcatThreads",
            "jdbcDrivers", "parts", "topology", "appLatency", "appJitter", "dbLatency", "dbJitter", "drivers");

    /** The load engines (docs/engines.md); whether k6 or wrk is installed is checked when a run builds its engine. */
    private static final List<String> ENGINES = dev.loomlab.lab.load.Engines.IDS;
    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    private PlanLoader() {
    }

    public static Plan load(String nameOrPath, Map<String, Object> overrides) {
        Map<String, Object> fields = new LinkedHashMap<>(read(nameOrPath));
        checkFields(nameOrPath, fields.keySet());
        checkFields("command line", overrides.keySet());
        // A plan of parts runs as its first part when loaded as one plan; `run` runs them all (see parts()).
        Object partList = fields.remove("parts");
        if (partList != null) {
            fields.putAll(PlanParts.fieldsOf(nameOrPath, partList).getFirst().overrides());
        }
        return resolveChecked(fields, overrides);
    }

    /**
     * A plan's parts (a plan whose one matrix cannot hold several VU levels or load shapes lists
     * sub-runs under {@code parts:}, each the plan's fields with its own on top); a plan without
     * parts is one part of the same name. The command line's overrides apply to every part.
     */
    public static List<PlanParts.Part> parts(String nameOrPath, Map<String, Object> overrides) {
        Map<String, Object> fields = new LinkedHashMap<>(read(nameOrPath));
        checkFields(nameOrPath, fields.keySet());
        checkFields("command line", overrides.keySet());
        Object partList = fields.remove("parts");
        if (partList == null) {
            return List.of(new PlanParts.Part(String.valueOf(fields.get("name")), resolveChecked(fields, overrides), List.of()));
        }
        List<PlanParts.Part> parts = new ArrayList<>();
        for (PlanParts.PartFields part : PlanParts.fieldsOf(nameOrPath, partList)) {
            Map<String, Object> merged = new LinkedHashMap<>(fields);
            checkFields(nameOrPath + " part " + part.name(), part.overrides().keySet());
            merged.putAll(part.overrides());
            merged.put("name", fields.get("name") + "-" + part.name());
            parts.add(new PlanParts.Part(part.name(), resolveChecked(merged, overrides), part.seed()));
        }
        return parts;
    }

    private static Plan resolveChecked(Map<String, Object> planFields, Map<String, Object> overrides) {
        Map<String, Object> fields = new LinkedHashMap<>(planFields);
        overrides.forEach((k, v) -> {
            if (v != null) {
                fields.put(k, v);
            }
        });
        Plan plan = resolve(fields);
        for (Model model : plan.models()) {
            if (plan.jdksFor(model).isEmpty()) {
                throw new PlanException("jdks: " + model + " needs JDK " + model.minJdk() + "+, but jdks lists only "
                        + plan.jdks() + ": add a JDK " + model.minJdk() + "+ or drop " + model);
            }
        }
        if (plan.drivers() > 1 && !plan.engine().equals("hyperfoil")) {
            // k6's --execution-segment could share one script's VUs, but wrk cannot and the lab merges
            // the drivers' HdrHistogram logs, which only the hyperfoil driver writes (docs/engines.md).
            throw new PlanException("drivers: " + plan.drivers() + " load drivers need --engine hyperfoil (" + plan.engine()
                    + " runs as one driver; its latencies are not histogram logs the lab can merge)");
        }
        if (plan.drivers() > 1 && plan.burstShape()) {
            throw new PlanException("drivers: a burst is timed from its first send to its last answer by one driver: use --drivers 1 with --burst");
        }
        if (plan.drivers() > 1 && !plan.openModel() && !plan.burstShape() && plan.vus() < plan.drivers()) {
            throw new PlanException("drivers: " + plan.drivers() + " drivers need at least as many VUs, got " + plan.vus());
        }
        if (plan.topology().split() && plan.externalDatabase()) {
            throw new PlanException("topology split starts its own embedded database in a namespace of its own: drop --db-url, or use --topology local");
        }
        if (plan.topology().split() && plan.scenarios().stream().anyMatch(dev.loomlab.scenario.FanOut::needsDownstream)) {
            throw new PlanException("topology split does not run the fan-out scenarios yet (their downstream server binds loopback only): drop them, or use --topology local");
        }
        if (plan.topology().split() && !plan.engine().equals("hyperfoil")) {
            throw new PlanException("topology split drives load with the hyperfoil driver only: use --engine hyperfoil");
        }
        if (plan.burstShape() && !plan.engine().equals("hyperfoil")) {
            throw new PlanException(plan.engine() + " has no burst shape: use --engine hyperfoil");
        }
        if (plan.openModel() && plan.engine().equals("wrk")) {
            throw new PlanException("wrk has no open model: use --engine hyperfoil or k6");
        }
        // The driver's latency histograms end at one minute; a burst keeps its own, up to ten.
        Duration limit = plan.burstShape() ? Duration.ofMinutes(10) : Duration.ofSeconds(60);
        if (plan.requestTimeout().compareTo(limit) > 0) {
            throw new PlanException("requestTimeout must be at most " + Durations.format(limit)
                    + (plan.burstShape() ? " for a burst" : " (10m for a burst)") + ", got " + Durations.format(plan.requestTimeout()));
        }
        return plan;
    }

    /** A plan's own description (for the combined summary of a plan with parts). */
    public static String presetDescription(String nameOrPath) {
        Object d = read(nameOrPath).get("description");
        return d == null ? "" : String.valueOf(d);
    }

    /** The raw YAML of a preset, for {@code loomlab plans --show}. */
    public static String presetText(String name) {
        try (InputStream in = PlanLoader.class.getResourceAsStream("/plans/" + name + ".yaml")) {
            if (in == null) {
                throw new PlanException("unknown plan '" + name + "' (presets: " + String.join(", ", PRESETS) + "; or give a path to a .yaml file)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new PlanException("cannot read plan '" + name + "': " + e.getMessage());
        }
    }

    private static Map<String, Object> read(String nameOrPath) {
        boolean isFile = nameOrPath.endsWith(".yaml") || nameOrPath.endsWith(".yml") || nameOrPath.contains("/");
        String text;
        String expectedName;
        if (isFile) {
            Path path = Path.of(nameOrPath);
            try {
                text = Files.readString(path);
            } catch (IOException e) {
                throw new PlanException("cannot read plan file " + path + ": " + e.getClass().getSimpleName() + " " + e.getMessage());
            }
            String file = path.getFileName().toString();
            expectedName = file.substring(0, file.lastIndexOf('.') < 0 ? file.length() : file.lastIndexOf('.'));
        } else {
            text = presetText(nameOrPath);
            expectedName = nameOrPath;
        }
        Map<String, Object> fields = parseYaml(nameOrPath, text);
        Object name = fields.get("name");
        if (name == null) {
            throw new PlanException("plan " + nameOrPath + ": field 'name' is required and must equal the file name '" + expectedName + "'");
        }
        if (!expectedName.equals(String.valueOf(name))) {
            throw new PlanException("plan " + nameOrPath + ": name '" + name + "' must equal the file name '" + expectedName + "'");
        }
        return fields;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> parseYaml(String source, String text) {
        Object tree;
        try {
            tree = YAML.readValue(text, Object.class);
        } catch (JacksonException e) {
            String message = e.getOriginalMessage() == null ? e.getClass().getSimpleName() : e.getOriginalMessage();
            throw new PlanException("plan " + source + ": not valid YAML: " + message.lines().findFirst().orElse(""));
        }
        if (!(tree instanceof Map<?, ?> map)) {
            throw new PlanException("plan " + source + ": expected a mapping of fields (" + String.join(", ", FIELDS) + ")");
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        map.forEach((k, v) -> fields.put(String.valueOf(k), v));
        return fields;
    }

    private static void checkFields(String source, Set<String> keys) {
        for (String key : keys) {
            if (!FIELDS.contains(key)) {
                throw new PlanException("plan " + source + ": unknown field '" + key + "' (allowed: " + String.join(", ", FIELDS) + ")");
            }
        }
    }

    private static Plan resolve(Map<String, Object> f) {
        String name = string(f, "name", "custom");
        String dbUrl = optionalString(f, "dbUrl");
        Dialect database = dbUrl != null && !f.containsKey("database")
                ? dialectOfUrl(dbUrl)
                : choice(f, "database", Defaults.DATABASE, Dialect::byId, Dialect.ids());
        if (dbUrl != null && dialectOfUrl(dbUrl) != database) {
            throw new PlanException("dbUrl " + dbUrl.replaceAll("(?i)password=[^&;]*", "password=****")
                    + " is not a " + database + " URL");
        }
        long sleepMs = whole(f, "sleepMs", Defaults.SLEEP_MS, 0, Param.MAX_SLEEP_MS);
        return new Plan(
                name,
                string(f, "description", ""),
                list(f, "models", Model.idList(), Model::byId),
                list(f, "scenarios", Scenarios.idList(), Scenarios::byId),
                sleepMs,
                (int) whole(f, "vus", Defaults.VUS, 1, 100_000),
                rate(f),
                burst(f),
                duration(f, "warmup", Defaults.WARMUP, Duration.ZERO),
                duration(f, "duration", Defaults.DURATION, Duration.ofSeconds(1)),
                (int) whole(f, "rounds", Defaults.ROUNDS, 1, 100),
                (int) whole(f, "poolSize", Defaults.POOL_SIZE, 1, 10_000),
                heap(f),
                database,
                dbUrl,
                optionalString(f, "dbUser"),
                optionalString(f, "dbPassword"),
                choice(f, "engine", Defaults.ENGINE, e -> {
                    if (!ENGINES.contains(e)) {
                        throw new IllegalArgumentException();
                    }
                    return e;
                }, String.join(", ", ENGINES)),
                duration(f, "requestTimeout", Defaults.REQUEST_TIMEOUT, Duration.ofSeconds(1)),
                duration(f, "poolTimeout", Defaults.POOL_TIMEOUT, Duration.ofMillis(250)),
                jdks(f),

                (int) whole(f, "tomcatThreads", Defaults.TOMCAT_MAX_THREADS, 1, 10_000),
                jdbcDrivers(f, database),
                topology(f),
                (int) whole(f, "drivers", 1, 1, MAX_DRIVERS));
    }

    /** At most this many load drivers per cell: each is a JVM (or a namespace) of its own. */
    static final int MAX_DRIVERS = 16;

    private static Topology topology(Map<String, Object> f) {
        return new Topology(choice(f, "topology", Topology.LOCAL_MODE, t -> {
            if (!t.equals(Topology.LOCAL_MODE) && !t.equals(Topology.SPLIT_MODE)) {
                throw new IllegalArgumentException();
            }
            return t;
        }, "local, split"), delay(f, "appLatency"), delay(f, "appJitter"), delay(f, "dbLatency"), delay(f, "dbJitter"));
    }

    /**
     * The JDBC driver axis of the mvc models (the driver-pinning pitfall): ids of
     * {@code process.JdbcDriver}; every one talks MySQL's protocol, so the database must be MariaDB.
     */
    private static List<String> jdbcDrivers(Map<String, Object> f, Dialect database) {
        List<String> out = new ArrayList<>();
        for (String id : axis(f, "jdbcDrivers")) {
            dev.loomlab.lab.process.JdbcDriver.byId(id);
            if (out.contains(id)) {
                throw new PlanException("jdbcDrivers: " + id + " is listed twice");
            }
            out.add(id);
        }
        if (f.get("jdbcDrivers") != null && out.isEmpty()) {
            throw new PlanException("jdbcDrivers: give at least one driver (" + dev.loomlab.lab.process.JdbcDriver.ids()
                    + ") or leave the field out");
        }
        if (!out.isEmpty() && database != Dialect.MARIADB) {
            throw new PlanException("jdbcDrivers: every driver of the axis speaks MySQL's protocol: set database: mariadb (got "
                    + database.id() + ")");
        }
        return out;
    }

    /** An axis' values as given: a YAML list or a comma-separated flag; blanks dropped; empty when absent. */
    private static List<String> axis(Map<String, Object> f, String field) {
        Object v = f.get(field);
        if (v == null) {
            return List.of();
        }
        List<?> items = v instanceof List<?> l ? l : List.of(String.valueOf(v).split(","));
        return items.stream().map(item -> String.valueOf(item).trim()).filter(item -> !item.isEmpty()).toList();
    }

    private static Duration delay(Map<String, Object> f, String key) {
        Object v = f.get(key);
        return v == null ? Duration.ZERO : Topology.parseDelay(key, v);
    }

    /** The JDK axis: feature versions, e.g. [21, 25] or "21,25"; absent = each model's default JDK. */
    private static List<Integer> jdks(Map<String, Object> f) {
        List<Integer> out = new ArrayList<>();
        for (String s : axis(f, "jdks")) {
            int feature;
            try {
                feature = Integer.parseInt(s);
            } catch (NumberFormatException e) {
                throw new PlanException("jdks: '" + s + "' is not a JDK feature version (e.g. jdks: [21, 25])");
            }
            if (feature < MIN_SERVER_JDK || feature > 99) {
                throw new PlanException("jdks: JDK " + feature + " cannot run a server here: the oldest is " + MIN_SERVER_JDK
                        + " (the legacy model's Spring Boot 2.7; JDK 8 is not installable on this machine)");
            }
            if (out.contains(feature)) {
                throw new PlanException("jdks: " + feature + " is listed twice");
            }
            out.add(feature);
        }
        if (f.get("jdks") != null && out.isEmpty()) {
            throw new PlanException("jdks: give at least one feature version (e.g. jdks: [21, 25]) or leave the field out");
        }
        return out;
    }

    /** The oldest JDK any model's server runs on (legacy, on JDK 17). */
    static final int MIN_SERVER_JDK = 17;

    public static Dialect dialectOfUrl(String jdbcUrl) {
        if (jdbcUrl.startsWith("jdbc:postgresql:")) {
            return Dialect.POSTGRES;
        }
        if (jdbcUrl.startsWith("jdbc:mariadb:") || jdbcUrl.startsWith("jdbc:mysql:")) {
            return Dialect.MARIADB;
        }
        throw new PlanException("dbUrl must start with jdbc:postgresql: or jdbc:mariadb:");
    }

    private static String string(Map<String, Object> f, String key, String fallback) {
        Object v = f.get(key);
        return v == null ? fallback : String.valueOf(v);
    }

    private static String optionalString(Map<String, Object> f, String key) {
        Object v = f.get(key);
        return v == null || String.valueOf(v).isBlank() ? null : String.valueOf(v);
    }

    private static <T> List<T> list(Map<String, Object> f, String key, List<String> fallback, java.util.function.Function<String, T> byId) {
        Object v = f.getOrDefault(key, fallback);
        List<String> ids = new ArrayList<>();
        if (v instanceof List<?> l) {
            l.forEach(x -> ids.add(String.valueOf(x).trim()));
        } else {
            for (String s : String.valueOf(v).split(",")) {
                ids.add(s.trim());
            }
        }
        ids.removeIf(String::isEmpty);
        if (ids.isEmpty()) {
            throw new PlanException(key + ": at least one is needed (allowed: " + String.join(", ", fallback) + ")");
        }
        List<T> out = new ArrayList<>();
        for (String id : ids) {
            try {
                T item = byId.apply(id);
                if (out.contains(item)) {
                    throw new PlanException(key + ": '" + id + "' is listed twice");
                }
                out.add(item);
            } catch (IllegalArgumentException e) {
                throw new PlanException(key + ": " + e.getMessage());
            }
        }
        return out;
    }

    private static long whole(Map<String, Object> f, String key, long fallback, long min, long max) {
        Object v = f.get(key);
        if (v == null) {
            return fallback;
        }
        long n;
        try {
            n = v instanceof Number num && !(v instanceof Double || v instanceof Float) ? num.longValue() : Long.parseLong(String.valueOf(v).trim());
        } catch (NumberFormatException e) {
            throw new PlanException(key + " must be a whole number between " + min + " and " + max + ", got '" + v + "'");
        }
        if (n < min || n > max) {
            throw new PlanException(key + " must be between " + min + " and " + max + ", got " + n);
        }
        return n;
    }

    private static Duration duration(Map<String, Object> f, String key, Duration fallback, Duration min) {
        Object v = f.get(key);
        if (v == null) {
            return fallback;
        }
        Duration d = Durations.parse(key, String.valueOf(v));
        if (d.compareTo(min) < 0) {
            throw new PlanException(key + " must be at least " + Durations.format(min) + ", got " + v);
        }
        return d;
    }

    private static Integer burst(Map<String, Object> f) {
        if (f.get("burst") == null) {
            return null;
        }
        if (f.get("rate") != null) {
            throw new PlanException("burst and rate are two different load shapes: give one of them");
        }
        return (int) whole(f, "burst", 0, 1, 10_000);
    }

    private static Double rate(Map<String, Object> f) {
        Object v = f.get("rate");
        if (v == null) {
            return null;
        }
        double r;
        try {
            r = v instanceof Number n ? n.doubleValue() : Double.parseDouble(String.valueOf(v).trim());
        } catch (NumberFormatException e) {
            throw new PlanException("rate must be a number of requests per second, got '" + v + "'");
        }
        if (!(r > 0) || r > 1_000_000) {
            throw new PlanException("rate must be above 0 and at most 1000000 requests/s, got " + v);
        }
        return r;
    }

    private static String heap(Map<String, Object> f) {
        String heap = string(f, "heap", Defaults.HEAP).trim().toLowerCase();
        if (!heap.matches("\\d{1,6}[mg]")) {
            throw new PlanException("heap must look like 512m or 2g, got '" + heap + "'");
        }
        return heap;
    }

    private static <T> T choice(Map<String, Object> f, String key, T fallback, java.util.function.Function<String, T> byId, String allowed) {
        Object v = f.get(key);
        if (v == null) {
            return fallback;
        }
        try {
            return byId.apply(String.valueOf(v).trim());
        } catch (IllegalArgumentException e) {
            throw new PlanException(key + ": unknown value '" + v + "' (allowed: " + allowed + ")");
        }
    }
}
