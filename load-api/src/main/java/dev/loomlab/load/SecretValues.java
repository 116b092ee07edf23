package dev.loomlab.load;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The values a credential header draws from ({@code Authorization: "Bearer {token}"} with {@code values: {token: [...]}}),
 * kept out of every file as the header is ({@link SecretHeaders}): masking the header alone left the tokens themselves
 * in the manifest and the driver's request file. Each such value is written {@link SecretHeaders#MASK}; the driver gets
 * them in its environment ({@link #ENV}) and puts them back when it reads the file.
 */
public final class SecretValues {
    /** The driver's environment variable holding the masked values: {@code {"call": {"key": ["drawn", …]}}}. */
    public static final String ENV = "LOOMLAB_SECRET_VALUES";
    private static final Draw MASKED = Draw.of(SecretHeaders.MASK);

    private SecretValues() {
    }

    /** The keys of {@code call}'s values that one of its credential headers draws from. */
    public static Set<String> drawnByCredentials(HttpCall call) {
        Set<String> keys = new LinkedHashSet<>();
        call.headers().forEach((name, value) -> {
            if (SecretHeaders.credential(name)) {
                keys.addAll(HttpCall.placeholders(value));
            }
        });
        keys.retainAll(call.values().keySet());
        return keys;
    }

    /** True for a value as {@link #masked} writes it. */
    public static boolean isMasked(Draw draw) {
        return MASKED.equals(draw);
    }

    /** The calls with each value a credential header draws from {@link SecretHeaders#MASK}, the headers as given. */
    public static List<HttpCall> masked(List<HttpCall> calls) {
        List<HttpCall> masked = new ArrayList<>(calls.size());
        for (HttpCall call : calls) {
            Set<String> secret = drawnByCredentials(call);
            Map<String, Draw> values = new LinkedHashMap<>(call.values());
            values.replaceAll((key, draw) -> secret.contains(key) ? MASKED : draw);
            masked.add(withValues(call, values));
        }
        return masked;
    }

    /** Those values by call and key: what the driver's {@link #ENV} holds as JSON. Empty without any. */
    public static Map<String, Map<String, Draw>> values(List<HttpCall> calls) {
        Map<String, Map<String, Draw>> secrets = new LinkedHashMap<>();
        for (HttpCall call : calls) {
            for (String key : drawnByCredentials(call)) {
                secrets.computeIfAbsent(call.name(), c -> new LinkedHashMap<>()).put(key, call.values().get(key));
            }
        }
        return secrets;
    }

    /**
     * The calls of a request file with each masked value taken from {@code secrets} (what the driver's {@link #ENV}
     * held); a masked value without its own is refused, so no request goes out with {@code ****} for a token.
     */
    public static List<HttpCall> restored(List<HttpCall> calls, Map<String, Map<String, Draw>> secrets) {
        List<HttpCall> restored = new ArrayList<>(calls.size());
        for (HttpCall call : calls) {
            restored.add(withValues(call, SecretHeaders.unmasked(call.values(), secrets.getOrDefault(call.name(), Map.of()),
                    SecretValues::isMasked, "requests." + call.name() + ".values.", ENV)));
        }
        return restored;
    }

    static HttpCall withValues(HttpCall call, Map<String, Draw> values) {
        return new HttpCall(call.name(), call.method(), call.path(), call.headers(), call.body(), call.weight(), call.status(),
                call.bodyContains(), values);
    }
}
