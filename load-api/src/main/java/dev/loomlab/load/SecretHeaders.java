package dev.loomlab.load;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The request headers that carry credentials, kept out of every file: the lab writes a driver's request file with
 * each such value as {@link #MASK} and hands the values to the driver in its environment ({@link #ENV}), which only
 * the lab's user can read ({@code /proc/PID/environ} is 0400), and the driver puts them back when it reads the file.
 */
public final class SecretHeaders {
    /** The driver's environment variable holding the masked headers' values: {@code {"call": {"Header": "value"}}}. */
    public static final String ENV = "LOOMLAB_SECRET_HEADERS";
    public static final String MASK = "****";
    /**
     * A name that says its value is a credential: the headers HTTP gives credentials in ({@code Authorization},
     * {@code Proxy-Authorization}, {@code Cookie}) and the words services name theirs with ({@code X-Api-Key},
     * {@code X-Auth-Token}, {@code X-Session-Id}, {@code X-Client-Secret}, {@code db.password}). Also applied to the
     * keys of a jar's arguments and to the names of its environment.
     */
    private static final Pattern CREDENTIAL = Pattern.compile(
            "(?i).*(authoriz|cookie|token|secret|passw|pwd|key|session|credential|auth).*");

    private SecretHeaders() {
    }

    /** True when a header, argument or variable of this name holds a credential by its name alone. */
    public static boolean credential(String name) {
        return name != null && CREDENTIAL.matcher(name).matches();
    }

    /**
     * The calls as they may be written down: each credential header's value {@link #MASK}, and so is each value it draws
     * from ({@link SecretValues}).
     */
    public static List<HttpCall> masked(List<HttpCall> calls) {
        List<HttpCall> masked = new ArrayList<>(calls.size());
        // the values first: once masked, a header no longer names the placeholders it draws
        for (HttpCall call : SecretValues.masked(calls)) {
            Map<String, String> headers = new LinkedHashMap<>(call.headers());
            headers.replaceAll((name, value) -> credential(name) ? MASK : value);
            masked.add(withHeaders(call, headers));
        }
        return masked;
    }

    /**
     * The credential headers' values by call and header name: what the driver's {@link #ENV} holds as JSON (each side
     * writes and reads it with its own JSON library). Empty without any.
     */
    public static Map<String, Map<String, String>> values(List<HttpCall> calls) {
        Map<String, Map<String, String>> secrets = new LinkedHashMap<>();
        for (HttpCall call : calls) {
            call.headers().forEach((name, value) -> {
                if (credential(name)) {
                    secrets.computeIfAbsent(call.name(), c -> new LinkedHashMap<>()).put(name, value);
                }
            });
        }
        return secrets;
    }

    /**
     * The calls of a request file with each masked header's value taken from {@code secrets} (what the driver's
     * {@link #ENV} held); a masked header without its value is refused, so a request never goes out with
     * {@code ****} for a password.
     */
    public static List<HttpCall> restored(List<HttpCall> calls, Map<String, Map<String, String>> secrets) {
        List<HttpCall> restored = new ArrayList<>(calls.size());
        for (HttpCall call : calls) {
            restored.add(withHeaders(call, unmasked(call.headers(), secrets.getOrDefault(call.name(), Map.of()), MASK::equals,
                    "requests." + call.name() + ".headers.", ENV)));
        }
        return restored;
    }

    /**
     * {@code entries} (a call's headers or drawn values) with each masked one replaced by its own from {@code given};
     * one without its own is refused, naming it ({@code where} + its key) and the variable ({@code env}) that lacked it.
     */
    static <V> Map<String, V> unmasked(Map<String, V> entries, Map<String, V> given, java.util.function.Predicate<V> masked,
                                       String where, String env) {
        Map<String, V> out = new LinkedHashMap<>(entries);
        out.replaceAll((key, value) -> {
            if (!masked.test(value)) {
                return value;
            }
            V secret = given.get(key);
            if (secret == null) {
                throw new InvalidLoadException(where + key + " is masked and " + env + " does not hold its value");
            }
            return secret;
        });
        return out;
    }

    private static HttpCall withHeaders(HttpCall call, Map<String, String> headers) {
        return new HttpCall(call.name(), call.method(), call.path(), headers, call.body(), call.weight(), call.status(),
                call.bodyContains(), call.values());
    }
}
