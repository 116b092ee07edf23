package dev.loomlab.lab.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.loomlab.database.DatabaseEndpoint;
import dev.loomlab.lab.catalog.AppJar;
import dev.loomlab.lab.load.agents.LoadAgent;
import dev.loomlab.lab.os.SecretMask;
import dev.loomlab.lab.settings.Defaults;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.load.HttpCall;
import dev.loomlab.load.Limits;
import dev.loomlab.load.SecretHeaders;
import dev.loomlab.load.TlsTrust;
import dev.loomlab.load.Workload;
import dev.loomlab.scenario.Param;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * A plan as a user writes it — in a preset, a plan file, as flags, and as the manifest records
 * it — bound strictly by {@link PlanBinding}. A null field is one the writer left out: the one
 * merge rule ({@link #overriddenBy}) lets a later document's given fields win, and
 * {@link PlanLoader} fills what is still missing from {@link Defaults}. Each value is parsed
 * once, here, and whole numbers are range-checked while they are read, so an overflowing
 * number never reaches a {@code long}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PlanDocument(
        String name,
        String description,
        @JsonDeserialize(using = PlanValues.Ids.class) List<String> models,
        @JsonDeserialize(using = PlanValues.Ids.class) List<String> scenarios,
        @JsonDeserialize(using = PlanValues.WholeLong.class) Long sleepMs,
        @JsonDeserialize(using = PlanValues.WholeInt.class) Integer vus,
        @JsonDeserialize(using = PlanValues.Rate.class) Double rate,
        @JsonDeserialize(using = PlanValues.WholeInt.class) Integer burst,
        @JsonDeserialize(using = PlanValues.ShapeText.class) @JsonSerialize(using = PlanValues.ShapeWriter.class) LoadShape shape,
        @JsonDeserialize(using = PlanValues.WarmupText.class) @JsonSerialize(using = PlanValues.WarmupWriter.class) Warmup warmup,
        @JsonDeserialize(using = PlanValues.DurationText.class) @JsonSerialize(using = PlanValues.DurationWriter.class) Duration warmupMax,
        @JsonDeserialize(using = PlanValues.DurationText.class) @JsonSerialize(using = PlanValues.DurationWriter.class) Duration duration,
        @JsonDeserialize(using = PlanValues.WholeInt.class) Integer rounds,
        @JsonDeserialize(using = PlanValues.WholeInt.class) Integer poolSize,
        String heap,
        String database,
        String dbUrl,
        String dbUser,
        String dbPassword,
        String engine,
        @JsonDeserialize(using = PlanValues.DurationText.class) @JsonSerialize(using = PlanValues.DurationWriter.class) Duration requestTimeout,
        @JsonDeserialize(using = PlanValues.DurationText.class) @JsonSerialize(using = PlanValues.DurationWriter.class) Duration poolTimeout,
        @JsonDeserialize(using = PlanValues.DurationText.class) @JsonSerialize(using = PlanValues.DurationWriter.class) Duration serverStartTimeout,
        @JsonDeserialize(using = PlanValues.Jdks.class) List<Integer> jdks,
        @JsonDeserialize(using = PlanValues.WholeInt.class) Integer tomcatThreads,
        @JsonDeserialize(using = PlanValues.Ids.class) List<String> jdbcDrivers,
        String topology,
        @JsonDeserialize(using = PlanValues.DelayText.class) @JsonSerialize(using = PlanValues.DelayWriter.class) Duration appLatency,
        @JsonDeserialize(using = PlanValues.DelayText.class) @JsonSerialize(using = PlanValues.DelayWriter.class) Duration appJitter,
        @JsonDeserialize(using = PlanValues.DelayText.class) @JsonSerialize(using = PlanValues.DelayWriter.class) Duration dbLatency,
        @JsonDeserialize(using = PlanValues.DelayText.class) @JsonSerialize(using = PlanValues.DelayWriter.class) Duration dbJitter,
        @JsonDeserialize(using = PlanValues.Ids.class) List<String> agents,
        String overlap,
        String order,
        @JsonDeserialize(using = PlanValues.WholeLong.class) Long seed,

        List<HttpCall> requests,
        @JsonDeserialize(using = PlanValues.Slos.class) @JsonSerialize(contentUsing = PlanValues.ThresholdWriter.class) List<Threshold> slo,
        String tls,
        String app,
        List<String> appArgs,
        Map<String, String> appEnv,
        String appReady) {

    /**
     * What ran beside a cell's window and drain, as a run records it: nothing but its own server, driver and database
     * (runs before issue 37 may say {@code beside-next}).
     */
    public static final String ALONE = "none";

    /** A document that gives nothing: every field falls through to the next layer. */
    public static final PlanDocument EMPTY = new PlanDocument(null, null, null, null, null, null, null, null, null, null, null, null,
            null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
            null, null, null, null, null, null, null, null, null, null, null, null);

    /** The range of every whole-number field, checked as it is read. */
    static final Map<String, long[]> WHOLE_RANGES = Map.of(
            "sleepMs", new long[] {0, Param.MAX_SLEEP_MS},
            "vus", new long[] {1, Limits.MAX_VUS},
            "burst", new long[] {1, Limits.MAX_BURST},
            "rounds", new long[] {1, 100},
            "poolSize", new long[] {1, 10_000},
            "tomcatThreads", new long[] {1, 10_000},
            "seed", new long[] {0, Long.MAX_VALUE});

    /** The range of every duration field, checked as it is read (the request timeout's cap also depends on the load shape). */
    static final Map<String, Duration[]> DURATION_RANGES = Map.of(
            "warmup", new Duration[] {Duration.ZERO, Limits.MAX_PHASE},
            "warmupMax", new Duration[] {Duration.ofSeconds(1), Limits.MAX_PHASE},
            "duration", new Duration[] {Duration.ofSeconds(1), Limits.MAX_PHASE},
            "requestTimeout", new Duration[] {Limits.MIN_REQUEST_TIMEOUT, Limits.MAX_BURST_TIMEOUT},
            "poolTimeout", new Duration[] {Duration.ofMillis(250), Limits.MAX_PHASE},
            "serverStartTimeout", new Duration[] {Duration.ofSeconds(10), Limits.MAX_PHASE});

    private static final RecordComponent[] COMPONENTS = PlanDocument.class.getRecordComponents();

    /** The field names, in the order the docs list them; {@code parts} is a plan file's own (see {@link PlanParts}). */
    public static final List<String> FIELDS = fields();

    private static List<String> fields() {
        List<String> names = new ArrayList<>(Arrays.stream(COMPONENTS).map(RecordComponent::getName).toList());
        names.add(names.indexOf("jdbcDrivers") + 1, "parts");
        return List.copyOf(names);
    }

    public PlanDocument {
        if (warmup instanceof Warmup.Fixed fixed && warmupMax != null) {
            throw new PlanException("warmupMax applies to warmup: auto; a fixed warmup of " + fixed.spelling()
                    + " has no cap (drop warmupMax, or set warmup: auto)");
        }
    }

    /**
     * The one merge rule: every field {@code top} gives wins; the others stay as they are here. A fixed warm-up that
     * {@code top} gives takes the cap of this document's settling one with it: the cap belongs to {@code auto}.
     */
    public PlanDocument overriddenBy(PlanDocument top) {
        Object[] values = new Object[COMPONENTS.length];
        Class<?>[] types = new Class<?>[COMPONENTS.length];
        try {
            for (int i = 0; i < COMPONENTS.length; i++) {
                Object over = COMPONENTS[i].getAccessor().invoke(top);
                boolean capOfAuto = COMPONENTS[i].getName().equals("warmupMax") && top.warmup() instanceof Warmup.Fixed;
                values[i] = over != null || capOfAuto ? over : COMPONENTS[i].getAccessor().invoke(this);
                types[i] = COMPONENTS[i].getType();
            }
            return PlanDocument.class.getDeclaredConstructor(types).newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The same document with {@code field} set to {@code value} (a name from {@link #FIELDS}, not {@code parts}). */
    public PlanDocument with(String field, Object value) {
        Object[] values = new Object[COMPONENTS.length];
        Class<?>[] types = new Class<?>[COMPONENTS.length];
        try {
            for (int i = 0; i < COMPONENTS.length; i++) {
                boolean capOfAuto = COMPONENTS[i].getName().equals("warmupMax") && field.equals("warmup") && value instanceof Warmup.Fixed;
                values[i] = COMPONENTS[i].getName().equals(field) ? value : capOfAuto ? null : COMPONENTS[i].getAccessor().invoke(this);
                types[i] = COMPONENTS[i].getType();
            }
            return PlanDocument.class.getDeclaredConstructor(types).newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A resolved plan written back as a document: every field given, each as a plan file spells it. */
    public static PlanDocument of(Plan plan) {
        Workload w = plan.workload();
        boolean split = plan.topology().split();
        return new PlanDocument(
                plan.name(),
                plan.description(),
                plan.models().stream().map(Object::toString).toList(),
                plan.scenarios().stream().map(Object::toString).toList(),
                plan.sleepMs(),
                w instanceof Workload.Closed c ? c.vus() : null,
                w instanceof Workload.Open o ? o.ratePerSec() : null,
                w instanceof Workload.Burst b ? b.requests() : null,
                // said only when it is not steady, so that run folders and golden files of steady plans stay as they were
                plan.shape() instanceof LoadShape.Steady ? null : plan.shape(),
                plan.window().settles() ? Warmup.AUTO : new Warmup.Fixed(plan.window().warmup()),
                plan.window().settles() ? plan.window().warmupMax() : null,
                plan.window().measure(),
                plan.rounds(),
                plan.poolSize(),
                plan.heap(),
                plan.database().id(),
                plan.dbUrl(),
                plan.dbUser(),
                plan.dbPassword(),
                plan.engine(),
                plan.requestTimeout(),
                plan.poolTimeout(),
                // said only when it is not the default, so that run folders and golden files of the default plan stay as they were
                plan.serverStartTimeout().equals(Defaults.SERVER_START_TIMEOUT) ? null : plan.serverStartTimeout(),
                plan.jdks().isEmpty() ? null : plan.jdks(),
                plan.tomcatThreads(),
                plan.jdbcDrivers().isEmpty() ? null : plan.jdbcDrivers(),
                plan.topology().mode(),
                split ? plan.topology().appLatency() : null,
                split ? plan.topology().appJitter() : null,
                split ? plan.topology().dbLatency() : null,
                split ? plan.topology().dbJitter() : null,
                plan.agents().isEmpty() ? null : plan.agents().stream().map(LoadAgent::spelling).toList(),
                ALONE,
                plan.order().spelling(),
                plan.order() instanceof CellOrder.Shuffled shuffled ? shuffled.seed() : null,

                plan.requests().isEmpty() ? null : plan.requests(),
                plan.slos().isEmpty() ? null : plan.slos(),
                plan.tls() == TlsTrust.AUTHORITIES ? null : plan.tls().spelled(),
                plan.app().map(a -> a.jar().toString()).orElse(null),
                plan.app().map(a -> a.args().isEmpty() ? null : a.args()).orElse(null),
                plan.app().map(a -> a.env().isEmpty() ? null : a.env()).orElse(null),
                plan.app().flatMap(AppJar::readyPath).orElse(null));
    }

    /**
     * For the manifest: no user, no password, the URL's password masked, and the user's other secrets masked: a
     * request's credential headers and the values they draw from, every {@code appEnv} value, an {@code appArgs} value
     * whose key names a credential ({@code --resume} asks for them again).
     */
    public PlanDocument masked() {
        return with("dbUrl", dbUrl == null ? null : maskUrl(dbUrl)).with("dbUser", null).with("dbPassword", null)
                .with("requests", requests == null ? null : SecretHeaders.masked(requests))
                .with("appEnv", appEnv == null ? null : SecretMask.environment(appEnv))
                .with("appArgs", appArgs == null ? null : appArgs.stream().map(SecretMask::argument).toList());
    }

    static final String MASK = "****";

    static String maskUrl(String url) {
        // Both forms a URL carries a password in: user:secret@ and password=secret.
        return DatabaseEndpoint.maskUrl(url);
    }
}
