package dev.loomlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.load.EngineCatalog;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.PlanBinding;
import dev.loomlab.lab.plan.LoadShape;
import dev.loomlab.lab.plan.PlanDocument;
import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.plan.Threshold;
import dev.loomlab.lab.plan.Warmup;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.server.JdbcDriver;
import dev.loomlab.load.Draw;
import dev.loomlab.load.HttpCall;
import dev.loomlab.load.Limits;
import dev.loomlab.scenario.FanOut;
import dev.loomlab.scenario.Param;
import dev.loomlab.scenario.Scenarios;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Plan → manifest → {@code --resume} is the identity: for random valid values of every plan
 * field, the plan a resumed run measures equals the plan that started it. The fields are
 * enumerated from {@link PlanDocument}, so a new field without a generator here fails.
 */
// Named *Test so that the suite runs it: as *Properties it matched none of surefire's patterns and no field added
// since (overlap, warmupMax) had a generator.
class PlanRoundTripTest {
    private static final RecordComponent[] FIELDS = PlanDocument.class.getRecordComponents();

    /** A valid value (or null: left out) for each field; {@link #coherent} then applies the rules between fields. */
    private static final Map<String, Arbitrary<?>> GENERATORS = generators();

    private static Map<String, Arbitrary<?>> generators() {
        Map<String, Arbitrary<?>> g = new LinkedHashMap<>();
        g.put("name", Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(12));
        g.put("description", Arbitraries.strings().withCharRange(' ', '~').withChars("éü—×").ofMaxLength(40).injectNull(0.2));
        g.put("models", Arbitraries.of(Model.idList()).list().uniqueElements().ofMinSize(1).ofMaxSize(4).injectNull(0.2));
        g.put("scenarios", Arbitraries.of(Scenarios.idList()).list().uniqueElements().ofMinSize(1).ofMaxSize(4).injectNull(0.2));
        g.put("sleepMs", Arbitraries.longs().between(0, Param.MAX_SLEEP_MS).injectNull(0.2));
        g.put("vus", Arbitraries.integers().between(1, Limits.MAX_VUS).injectNull(0.3));
        g.put("rate", Arbitraries.doubles().between(0.001, Limits.MAX_RATE).ofScale(3).injectNull(0.6));
        g.put("burst", Arbitraries.integers().between(1, Limits.MAX_BURST).injectNull(0.8));
        g.put("shape", Arbitraries.<LoadShape>of(LoadShape.SOAK, LoadShape.STEADY).injectNull(0.6));
        g.put("warmup", Arbitraries.oneOf(Arbitraries.just(Warmup.AUTO),
                Arbitraries.longs().between(0, Limits.MAX_PHASE.toMillis()).map(ms -> new Warmup.Fixed(Duration.ofMillis(ms)))).injectNull(0.2));
        g.put("warmupMax", Arbitraries.longs().between(dev.loomlab.load.Protocol.WARMUP_FLOOR.toSeconds() + 1, Limits.MAX_PHASE.toSeconds())
                .map(Duration::ofSeconds).injectNull(0.3));
        g.put("duration", millis(1000, Limits.MAX_PHASE.toMillis()));
        g.put("rounds", Arbitraries.integers().between(1, 100).injectNull(0.2));
        g.put("poolSize", Arbitraries.integers().between(1, 10_000).injectNull(0.2));
        g.put("heap", Combinators.combine(Arbitraries.integers().between(1, 999_999), Arbitraries.of("m", "g", "M", "G"))
                .as((n, unit) -> n + unit).injectNull(0.2));
        g.put("database", Arbitraries.of("postgres", "mariadb").injectNull(0.2));
        g.put("dbUrl", Arbitraries.of("jdbc:postgresql://db.example:5432/loomlab?password=s3cret&ssl=false",
                "jdbc:mariadb://db.example/loomlab", "jdbc:mysql://db/x;password=p").injectNull(0.6));
        g.put("dbUser", Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(8).injectNull(0.5));
        g.put("dbPassword", Arbitraries.strings().withCharRange('!', '~').ofMinLength(1).ofMaxLength(12).injectNull(0.5));
        g.put("engine", Arbitraries.of(EngineCatalog.standard().ids()).injectNull(0.2));
        g.put("requestTimeout", millis(Limits.MIN_REQUEST_TIMEOUT.toMillis(), Limits.MAX_BURST_TIMEOUT.toMillis()));
        g.put("poolTimeout", millis(250, Limits.MAX_PHASE.toMillis()));
        g.put("serverStartTimeout", millis(10_000, Limits.MAX_PHASE.toMillis()));
        g.put("jdks", Arbitraries.integers().between(17, 30).list().uniqueElements().ofMinSize(1).ofMaxSize(4).injectNull(0.5));
        g.put("tomcatThreads", Arbitraries.integers().between(1, 10_000).injectNull(0.2));
        g.put("jdbcDrivers", Arbitraries.of(JdbcDriver.all().stream().map(JdbcDriver::id).toList()).list().uniqueElements()
                .ofMinSize(1).injectNull(0.6));
        g.put("topology", Arbitraries.of("local", "split").injectNull(0.2));
        g.put("appLatency", delay());
        g.put("appJitter", delay());
        g.put("dbLatency", delay());
        g.put("dbJitter", delay());
        g.put("agents", Arbitraries.oneOf(
                Arbitraries.integers().between(1, 16).map(n -> List.of(String.valueOf(n))),
                Arbitraries.of("netns").list().ofMinSize(1).ofMaxSize(4),
                Arbitraries.of("ssh://root@10.0.0.7", "ssh://load_1@load-2.example:2222", "ssh://u@[fd00::1]")
                        .list().ofMinSize(1).ofMaxSize(3)).injectNull(0.6));
        g.put("overlap", Arbitraries.of("none").injectNull(0.3));
        g.put("order", Arbitraries.of("shuffled", "fixed").injectNull(0.3));
        g.put("seed", Arbitraries.longs().between(0, Long.MAX_VALUE).injectNull(0.5));
        g.put("requests", Arbitraries.just(List.of(
                new HttpCall("item", "GET", "/items/{id}", Map.of("Accept", "application/json"), null, 3, 200, "\"id\"",
                        Map.of("id", Draw.of("1..1000"))),
                new HttpCall("order", "POST", "/orders", Map.of(), "{\"item\": \"{c}\"}", 1, 201, null,
                        Map.of("c", Draw.of(List.of("red", "green")))))).injectNull(0.7));
        g.put("slo", Arbitraries.of("p99 < 250ms", "errors < 0.1%", "tps > 900", "p50 <= 2s", "max >= 500us").list().uniqueElements()
                .ofMinSize(1).ofMaxSize(3).map(l -> l.stream().map(Threshold::parse).toList()).injectNull(0.5));
        g.put("tls", Arbitraries.of("insecure").injectNull(0.5));
        // a jar must exist where the plan is resolved: the app fields are exercised by OwnAppEndToEndTest
        g.put("app", Arbitraries.just(null));
        g.put("appArgs", Arbitraries.just(null));
        g.put("appEnv", Arbitraries.just(null));
        g.put("appReady", Arbitraries.just(null));
        return g;
    }

    private static Arbitrary<Duration> millis(long min, long max) {
        return Arbitraries.longs().between(min, max).map(Duration::ofMillis).injectNull(0.2);
    }

    /** A netem delay: whole microseconds up to 1 s. */
    private static Arbitrary<Duration> delay() {
        return Arbitraries.longs().between(0, 1_000_000).map(us -> Duration.ofNanos(us * 1_000)).injectNull(0.2);
    }

    @Example
    void everyPlanFieldHasAGenerator() {
        assertThat(GENERATORS.keySet()).containsExactlyElementsOf(Arrays.stream(FIELDS).map(RecordComponent::getName).toList());
    }

    @Property(tries = 300)
    void aResumedRunMeasuresThePlanThatStartedIt(@ForAll("plans") PlanDocument document) throws IOException {
        Plan started = PlanLoader.resolve(document);
        Path dir = Files.createTempDirectory("loomlab-roundtrip");
        try {
            new RunFolder(dir).writeManifest(new Manifest.Builder().runId("r").plan(PlanDocument.of(started).masked()).build());
            String json = Files.readString(dir.resolve(RunFolder.MANIFEST));
            // What the manifest never holds comes from the resumed run's flags, as on the command line.
            Map<String, Object> flags = new LinkedHashMap<>();
            if (started.dbUrl() != null) {
                flags.put("dbUrl", started.dbUrl());
            }
            if (started.dbUser() != null) {
                flags.put("dbUser", started.dbUser());
            }
            if (started.dbPassword() != null) {
                flags.put("dbPassword", started.dbPassword());
            }

            Plan resumed = Resume.plan("--resume r", Manifest.upgrade(PlanBinding.jsonTree("manifest", json)),
                    PlanBinding.bind("command line", flags));

            assertThat(resumed).isEqualTo(started);
        } finally {
            Files.deleteIfExists(dir.resolve(RunFolder.MANIFEST));
            Files.delete(dir);
        }
    }

    @Provide
    Arbitrary<PlanDocument> plans() {
        List<Arbitrary<Object>> fields = Arrays.stream(FIELDS).map(c -> GENERATORS.get(c.getName()).asGeneric()).toList();
        return Combinators.combine(fields).as(values -> coherent(document(values)));
    }

    private static PlanDocument document(List<Object> values) {
        List<String> names = Arrays.stream(FIELDS).map(RecordComponent::getName).toList();
        if (values.get(names.indexOf("warmup")) instanceof Warmup.Fixed) {
            // a cap belongs to warmup: auto (a document giving both is refused, as PlanDocumentTest shows)
            values = new ArrayList<>(values);
            values.set(names.indexOf("warmupMax"), null);
        }
        try {
            return PlanDocument.class.getDeclaredConstructor(Arrays.stream(FIELDS).map(RecordComponent::getType).toArray(Class<?>[]::new))
                    .newInstance(values.toArray());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The rules between fields (PlanLoader.resolve's refusals), applied so that every document is a valid plan. */
    private static PlanDocument coherent(PlanDocument d) {
        if (d.shape() instanceof LoadShape.Soak && (d.burst() != null || d.duration() == null || d.duration().toSeconds() < 30)) {
            // a soak fits a trend over a long steady window
            d = d.with("shape", null);
        }
        if (d.burst() != null) {
            d = d.with("rate", null).with("agents", null).with("engine", "hyperfoil");
        } else if (d.requestTimeout() != null && d.requestTimeout().compareTo(Limits.MAX_REQUEST_TIMEOUT) > 0) {
            d = d.with("requestTimeout", Limits.MAX_REQUEST_TIMEOUT);
        }
        if (d.rate() != null && "wrk".equals(d.engine())) {
            d = d.with("engine", "k6");
        }
        if (d.agents() != null) {
            int n = d.agents().size() == 1 && d.agents().getFirst().matches("\\d+") ? Integer.parseInt(d.agents().getFirst()) : d.agents().size();
            boolean netns = !d.agents().getFirst().startsWith("ssh://");
            d = d.with("engine", "k6").with("topology", netns ? "split" : "local");
            if (d.rate() == null) {
                d = d.with("vus", Math.max(n, d.vus() == null ? 0 : d.vus()));
            }
        }
        if (d.jdbcDrivers() != null) {
            d = d.with("database", "mariadb");
        }
        if ("fixed".equals(d.order())) {
            d = d.with("seed", null);
        }
        if (d.dbUrl() != null) {
            boolean mariadb = !d.dbUrl().startsWith("jdbc:postgresql:");
            if (d.jdbcDrivers() != null && !mariadb) {
                d = d.with("dbUrl", null);
            } else {
                d = d.with("database", mariadb ? "mariadb" : "postgres");
            }
        }
        if (d.jdks() != null && !d.jdks().contains(25)) {
            List<Integer> jdks = new ArrayList<>(d.jdks());
            jdks.add(25);
            d = d.with("jdks", jdks);
        }
        if (d.requests() != null) {
            // a request mix is the hyperfoil driver's, and k6 agents send no mix
            d = d.with("scenarios", null).with("engine", "hyperfoil").with("agents", null);
        }
        if ("split".equals(d.topology())) {
            List<String> scenarios = (d.scenarios() == null ? Scenarios.idList() : d.scenarios()).stream()
                    .filter(s -> !FanOut.needsDownstream(Scenarios.byId(s))).toList();
            d = d.with("engine", d.agents() != null ? "k6" : "hyperfoil").with("dbUrl", null)
                    .with("scenarios", d.requests() != null ? null : scenarios.isEmpty() ? List.of("block") : scenarios)
                    .with("appJitter", min(d.appJitter(), d.appLatency())).with("dbJitter", min(d.dbJitter(), d.dbLatency()));
        } else {
            d = d.with("appLatency", null).with("appJitter", null).with("dbLatency", null).with("dbJitter", null);
        }
        return d;
    }

    private static Duration min(Duration jitter, Duration latency) {
        Duration l = latency == null ? Duration.ZERO : latency;
        return jitter == null || jitter.compareTo(l) > 0 ? l : jitter;
    }
}
