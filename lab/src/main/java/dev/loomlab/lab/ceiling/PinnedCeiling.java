package dev.loomlab.lab.ceiling;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * The ceiling of requests that pin their carrier: a virtual thread that blocks while pinned holds
 * one of the carrier threads for its whole service time, so at most carriers of them are served at
 * a time and throughput ≤ carriers / S, whatever the VUs. That is the honest expectation for
 * {@code pinned} on JDK 21–23 (JEP 491 let {@code synchronized} unmount from JDK 24) and for
 * {@code native-pinned} on every JDK. Platform threads and WebFlux have no carriers to pin.
 */
public final class PinnedCeiling {
    /** JEP 491: from this feature release a virtual thread unmounts while inside {@code synchronized}. */
    public static final int SYNCHRONIZED_UNPINNED_FROM = 24;

    private PinnedCeiling() {
    }

    /** Why requests of {@code scenario} hold their carrier on {@code model} and this JDK, or empty when they do not. */
    public static Optional<String> why(Model model, Scenario scenario, int jdkFeature) {
        if (model == null || !model.virtualThreads()) {
            return Optional.empty();
        }
        if (scenario.id().equals(Scenarios.NATIVE_PINNED.id())) {
            return Optional.of("a native frame cannot unmount on any JDK");
        }
        if (scenario.id().equals(Scenarios.PINNED.id()) && jdkFeature < SYNCHRONIZED_UNPINNED_FROM) {
            return Optional.of("synchronized pins on JDK " + jdkFeature + " (unpinned from JDK " + SYNCHRONIZED_UNPINNED_FROM
                    + ", JEP 491)");
        }
        return Optional.empty();
    }

    /** {@code ceiling}, lowered to carriers / S where the requests pin and that is the lower bound. */
    public static Ceiling apply(Ceiling ceiling, Model model, Scenario scenario, Duration serviceTime, int jdkFeature,
                                int serverCores) {
        Optional<String> why = why(model, scenario, jdkFeature);
        if (why.isEmpty() || ceiling.tps() == null || serviceTime.isZero()) {
            return ceiling;
        }
        // What the model's launcher sets on these cores (its descriptor's carrier rule).
        int carriers = model.carriers(serverCores);
        double seconds = serviceTime.toNanos() / 1e9;
        double tps = carriers / seconds;
        if (tps >= ceiling.tps()) {
            return ceiling;
        }
        return new Ceiling(tps, "carriers", String.format(Locale.ROOT, "%d pinned carriers / %.3f s = %.1f TPS (%s; below %s)",
                carriers, seconds, tps, why.get(), ceiling.formula()));
    }
}
