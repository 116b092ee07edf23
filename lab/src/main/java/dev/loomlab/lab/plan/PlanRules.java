package dev.loomlab.lab.plan;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.load.EngineCatalog;
import dev.loomlab.lab.load.HyperfoilEngine;
import dev.loomlab.lab.load.agents.LoadAgent;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.load.Durations;
import dev.loomlab.load.HttpCall;
import dev.loomlab.load.Limits;
import dev.loomlab.load.Workload;
import dev.loomlab.scenario.FanOut;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The rules between a resolved plan's fields (each field's own rules are {@link PlanFields}'): what one field asks
 * that another cannot give, refused with one line that names both and how to make them agree.
 */
final class PlanRules {
    private PlanRules() {
    }

    /** Refuses {@code plan} ({@link PlanException}) at the first rule it breaks. */
    static void check(Plan plan) {
        for (Model model : plan.models()) {
            if (plan.jdksFor(model).isEmpty()) {
                throw new PlanException("jdks: " + model + " needs JDK " + model.minJdk() + "+, but jdks lists only "
                        + plan.jdks() + ": add a JDK " + model.minJdk() + "+ or drop " + model);
            }
        }
        agentRefusal(plan).ifPresent(r -> {
            throw new PlanException(r);
        });
        if (plan.topology().split() && plan.externalDatabase()) {
            throw new PlanException("topology split starts its own embedded database in a namespace of its own: drop --db-url, or use --topology local");
        }
        if (plan.topology().split() && plan.scenarios().stream().anyMatch(FanOut::needsDownstream)) {
            throw new PlanException("topology split does not run the fan-out scenarios yet (their downstream server binds loopback only): drop them, or use --topology local");
        }
        for (Threshold t : plan.slos()) {
            if (t.request().isPresent() && plan.requests().stream().noneMatch(c -> c.name().equals(t.request().get()))) {
                throw new PlanException("slo: '" + t + "': the plan has no request named '" + t.request().get() + "'"
                        + (plan.requests().isEmpty() ? "" : " (its requests: "
                        + String.join(", ", plan.requests().stream().map(HttpCall::name).toList()) + ")"));
            }
        }
        if (!plan.requests().isEmpty() && !plan.engine().equals(HyperfoilEngine.TYPE.id())) {
            throw new PlanException("requests are sent by the hyperfoil engine only (a mix, headers, bodies, https): drop --engine " + plan.engine());
        }
        String refusal = engineRefusal(plan);
        if (refusal != null) {
            throw new PlanException(refusal);
        }
        shapeRefusal(plan).ifPresent(r -> {
            throw new PlanException(r);
        });
        Duration limit = Limits.maxRequestTimeout(plan.workload());
        boolean burst = plan.workload() instanceof Workload.Burst;
        if (plan.requestTimeout().compareTo(limit) > 0) {
            throw new PlanException("requestTimeout must be at most " + Durations.format(limit)
                    + (burst ? " for a burst" : " (" + Durations.format(Limits.MAX_BURST_TIMEOUT) + " for a burst)")
                    + ", got " + Durations.format(plan.requestTimeout()));
        }
    }

    /** The shortest window a soak's trend is fitted over: a line through fewer seconds says more of the noise than of a drift. */
    static final Duration SOAK_MIN_WINDOW = Duration.ofSeconds(30);

    /** What the load's shape asks that the workload, the window or the engine cannot give. */
    private static Optional<String> shapeRefusal(Plan plan) {
        Duration window = plan.window().measure();
        return switch (plan.shape()) {
            case LoadShape.Steady s -> Optional.empty();
            case LoadShape.Soak s when plan.workload() instanceof Workload.Burst ->
                    Optional.of("shape: a soak is a long steady load, a burst has none: drop --burst or --shape soak");
            case LoadShape.Soak s -> window.compareTo(SOAK_MIN_WINDOW) < 0
                    ? Optional.of("shape: a soak fits its trends over the window: give a duration of at least "
                            + Durations.format(SOAK_MIN_WINDOW) + ", got " + Durations.format(window))
                    : Optional.empty();
            case LoadShape.Spiked s when plan.workload() instanceof Workload.Burst ->
                    Optional.of("shape: a burst is one step already, it has no steady load to spike from: drop --burst or the spike");
            case LoadShape.Spiked s when !(plan.workload() instanceof Workload.Closed) ->
                    Optional.of("shape: a spike steps a closed load (--vus); the open model's arrivals are not stepped: use --vus");
            case LoadShape.Spiked s when plan.window().settles() ->
                    Optional.of("shape: a spike is placed from the window's start, which a settling warm-up moves: give a fixed --warmup (e.g. 20s)");
            case LoadShape.Spiked s when !plan.agents().isEmpty() ->
                    Optional.of("shape: a spike is driven by one driver: drop --agents");
            case LoadShape.Spiked s when s.spike().end().compareTo(window) >= 0 ->
                    Optional.of("shape: " + s.spelling() + " ends at " + Durations.format(s.spike().end()) + ", not inside the "
                            + Durations.format(window) + " window: the recovery after it is measured in the window too");
            case LoadShape.Spiked s -> EngineCatalog.standard().spikeRefusal(plan.engine());
            case LoadShape.Ramped r when !(plan.workload() instanceof Workload.Closed) ->
                    Optional.of("shape: a ramp raises a closed load (--vus) from its first level: use --vus");
            case LoadShape.Ramped r when plan.window().settles() ->
                    Optional.of("shape: a ramp is placed from the window's start, which a settling warm-up moves: give a fixed --warmup (e.g. 20s)");
            case LoadShape.Ramped r when !plan.agents().isEmpty() ->
                    Optional.of("shape: a ramp is driven by one driver: drop --agents");
            case LoadShape.Ramped r -> EngineCatalog.standard().rampRefusal(plan.engine());
        };
    }

    /** What the plan asks of its load engine that the engine's declared capabilities cannot do, or null. */
    private static String engineRefusal(Plan plan) {
        return EngineCatalog.standard()
                .refusal(plan.engine(), plan.workload(), plan.agents().size(), plan.topology().split()).orElse(null);
    }

    /**
     * What the plan's load agents cannot do: a burst (one driver times it), fewer VUs than agents, namespace agents
     * outside the split topology (they are its namespaces), real machines inside it (its server is on a bridge of this
     * machine only).
     */
    private static Optional<String> agentRefusal(Plan plan) {
        List<LoadAgent> agents = plan.agents();
        int netns = LoadAgent.namespaces(agents);
        if (agents.isEmpty()) {
            return Optional.empty();
        }
        if (plan.workload() instanceof Workload.Burst) {
            return Optional.of("agents: a burst is timed from its first send to its last answer by one driver: drop --agents with --burst");
        }
        if (plan.workload() instanceof Workload.Closed c && c.vus() < agents.size()) {
            return Optional.of("agents: " + agents.size() + " agents need at least as many VUs, got " + c.vus());
        }
        if (netns > 0 && !plan.topology().split()) {
            return Optional.of("agents: netns agents are namespaces of the split topology: add --topology split (or name real hosts, ssh://user@host)");
        }
        if (netns < agents.size() && plan.topology().split()) {
            return Optional.of("agents: the split topology's server is on a bridge of this machine only: use netns agents with --topology split, ssh:// agents without it");
        }
        return Optional.empty();
    }
}
