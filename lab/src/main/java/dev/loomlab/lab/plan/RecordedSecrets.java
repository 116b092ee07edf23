package dev.loomlab.lab.plan;

import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.load.Draw;
import dev.loomlab.load.HttpCall;
import dev.loomlab.load.SecretHeaders;
import dev.loomlab.load.SecretValues;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The user's secrets a manifest records masked ({@link PlanDocument#masked()}), given again on {@code --resume}: each
 * masked value is taken from the plan file and flags given with it, and one not given is refused, naming it — a
 * resumed cell never sends {@code ****} as a password.
 */
public final class RecordedSecrets {
    private static final String MASK = SecretHeaders.MASK;

    private RecordedSecrets() {
    }

    /**
     * {@code recorded} with each masked request header, value a request's credential header draws, {@code appEnv} value
     * and {@code appArgs} value from {@code given}.
     */
    public static PlanDocument restore(String source, PlanDocument recorded, PlanDocument given) {
        PlanDocument restored = recorded;
        if (recorded.requests() != null) {
            restored = restored.with("requests", requests(source, recorded.requests(), given.requests()));
        }
        if (recorded.appEnv() != null) {
            restored = restored.with("appEnv", environment(source, recorded.appEnv(), given.appEnv()));
        }
        if (recorded.appArgs() != null) {
            restored = restored.with("appArgs", arguments(source, recorded.appArgs(), given.appArgs()));
        }
        return restored;
    }

    private static List<HttpCall> requests(String source, List<HttpCall> recorded, List<HttpCall> given) {
        List<HttpCall> restored = new ArrayList<>();
        for (HttpCall call : recorded) {
            Optional<HttpCall> again = given == null ? Optional.empty()
                    : given.stream().filter(c -> c.name().equals(call.name())).findFirst();
            // the values first: a header comes back whole from the plan, and is of no use without the values it draws
            Map<String, Draw> values = new LinkedHashMap<>(call.values());
            values.replaceAll((key, draw) -> !SecretValues.isMasked(draw) ? draw
                    : again.map(c -> c.values().get(key)).orElseThrow(() -> missing(source,
                            "requests." + call.name() + ".values." + key, "the plan file again with --plan FILE")));
            Map<String, String> headers = new LinkedHashMap<>(call.headers());
            headers.replaceAll((name, value) -> !MASK.equals(value) ? value
                    : again.map(c -> c.headers().get(name)).orElseThrow(() -> missing(source,
                            "requests." + call.name() + ".headers." + name, "the plan file again with --plan FILE")));
            restored.add(new HttpCall(call.name(), call.method(), call.path(), headers, call.body(), call.weight(), call.status(),
                    call.bodyContains(), values));
        }
        return restored;
    }

    private static Map<String, String> environment(String source, Map<String, String> recorded, Map<String, String> given) {
        Map<String, String> restored = new LinkedHashMap<>(recorded);
        restored.replaceAll((name, value) -> !MASK.equals(value) ? value
                : Optional.ofNullable(given == null ? null : given.get(name))
                        .orElseThrow(() -> missing(source, "appEnv." + name, "the plan file again with --plan FILE")));
        return restored;
    }

    private static List<String> arguments(String source, List<String> recorded, List<String> given) {
        List<String> restored = new ArrayList<>();
        for (String arg : recorded) {
            if (!arg.endsWith("=" + MASK)) {
                restored.add(arg);
                continue;
            }
            String key = arg.substring(0, arg.length() - MASK.length());
            restored.add((given == null ? List.<String>of() : given).stream().filter(a -> a.startsWith(key)).findFirst()
                    .orElseThrow(() -> missing(source, "appArgs " + key + "…", "them again with --app-args or --plan FILE")));
        }
        return restored;
    }

    private static PlanException missing(String source, String what, String how) {
        return new PlanException(source + ": the run's " + what + " was recorded masked: give " + how);
    }
}
