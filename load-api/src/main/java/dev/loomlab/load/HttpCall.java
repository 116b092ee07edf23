package dev.loomlab.load;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One request of a foreign service's mix: what is sent (method, path, headers, body, with {@code {name}}
 * placeholders filled from {@code values} for every request), how often against the others ({@code weight}),
 * and what a correct answer is (its {@code status}, and a text its body contains), checked once before the load.
 *
 * @param name         a short word naming it in reports and SLOs
 * @param path         the path and query, starting with {@code /}
 * @param bodyContains a text a correct answer's body contains, or null for no body check
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record HttpCall(String name, String method, String path, Map<String, String> headers, String body, int weight,
                       int status, String bodyContains, Map<String, Draw> values) implements java.io.Serializable {
    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_-]{0,39}");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z][A-Za-z0-9_]*)}");
    private static final Set<String> WITH_BODY = Set.of("POST", "PUT", "PATCH");
    /** RFC 9110's token: what a header's name may be. */
    private static final Pattern HEADER_NAME = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]{1,200}");

    /** A control character other than a tab (which a header value may hold). */
    static boolean control(int c) {
        return (c < 0x20 && c != '\t') || c == 0x7f;
    }

    /** {@code text} quoted for a one-line refusal, its control characters escaped. */
    static String shown(String text) {
        if (text == null) {
            return "nothing";
        }
        StringBuilder sb = new StringBuilder("'");
        text.chars().forEach(c -> sb.append(c == '\n' ? "\\n" : c == '\r' ? "\\r" : c < 0x20 || c == 0x7f
                ? String.format(Locale.ROOT, "\\x%02x", c) : String.valueOf((char) c)));
        return sb.append("'").toString();
    }

    public HttpCall {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new InvalidLoadException("requests: name must be a word of letters, digits, - or _ (at most 40), got '" + name + "'");
        }
        String where = "requests." + name;
        method = method == null ? "GET" : method.toUpperCase(Locale.ROOT);
        if (!DriverRequest.METHODS.contains(method)) {
            throw new InvalidLoadException(where + ".method: unsupported '" + method + "' (allowed: GET, POST, PUT, DELETE, PATCH, HEAD)");
        }
        if (path == null || !path.startsWith("/") || path.chars().anyMatch(c -> c <= ' ' || c == 0x7f)) {
            throw new InvalidLoadException(where + ".path must start with / and hold no spaces or control characters, got " + shown(path));
        }
        if (body != null && !WITH_BODY.contains(method)) {
            throw new InvalidLoadException(where + ".body: needs a method with a body (POST, PUT or PATCH), got " + method);
        }
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers == null ? Map.of() : headers));
        // A line break in a header would end it and start another (request smuggling into the user's own service, or a
        // forged header): names are HTTP tokens, values visible characters, spaces and tabs only.
        headers.forEach((header, value) -> {
            if (header == null || !HEADER_NAME.matcher(header).matches()) {
                throw new InvalidLoadException(where + ".headers: " + shown(header) + " is not a header name (letters, digits and !#$%&'*+.^_`|~-)");
            }
            if (value == null || value.chars().anyMatch(HttpCall::control)) {
                // the value itself is not shown: a header is where credentials go
                int at = value == null ? 0 : java.util.stream.IntStream.range(0, value.length()).filter(i -> control(value.charAt(i)))
                        .findFirst().orElse(0);
                throw new InvalidLoadException(where + ".headers." + header + ": its value holds a line break or control character"
                        + (value == null ? "" : " at character " + (at + 1)) + " (one header per line: give each header its own entry)");
            }
        });
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values == null ? Map.of() : values));
        if (weight < 1 || weight > 1000) {
            throw new InvalidLoadException(where + ".weight must be between 1 and 1000, got " + weight);
        }
        if (status < 100 || status > 599) {
            throw new InvalidLoadException(where + ".status must be an HTTP status (100-599), got " + status);
        }
        List<String> texts = new ArrayList<>(headers.values());
        texts.add(path);
        if (body != null) {
            texts.add(body);
        }
        for (String text : texts) {
            Matcher m = PLACEHOLDER.matcher(text);
            while (m.find()) {
                if (!values.containsKey(m.group(1))) {
                    throw new InvalidLoadException(where + ": {" + m.group(1) + "} has no entry in its values");
                }
            }
        }
    }

    @JsonCreator
    static HttpCall fromJson(@JsonProperty(value = "name", required = true) String name,
                             @JsonProperty("method") String method,
                             @JsonProperty(value = "path", required = true) String path,
                             @JsonProperty("headers") Map<String, String> headers,
                             @JsonProperty("body") String body,
                             @JsonProperty("weight") Integer weight,
                             @JsonProperty("status") Integer status,
                             @JsonProperty("bodyContains") String bodyContains,
                             @JsonProperty("values") Map<String, Draw> values) {
        return new HttpCall(name, method, path, headers, body, weight == null ? 1 : weight, status == null ? 200 : status,
                bodyContains, values);
    }

    /** {@code text} with each placeholder replaced by its value in {@code drawn}. */
    public static String fill(String text, Map<String, String> drawn) {
        if (text == null || drawn.isEmpty()) {
            return text;
        }
        return PLACEHOLDER.matcher(text).replaceAll(m -> Matcher.quoteReplacement(drawn.getOrDefault(m.group(1), m.group())));
    }

    /** The names of the placeholders {@code text} holds, in order. */
    public static Set<String> placeholders(String text) {
        Set<String> names = new java.util.LinkedHashSet<>();
        if (text != null) {
            PLACEHOLDER.matcher(text).results().forEach(m -> names.add(m.group(1)));
        }
        return names;
    }

    /** One value for each placeholder, drawn now: the path, headers and body of one request share them. */
    public Map<String, String> draw() {
        Map<String, String> drawn = new LinkedHashMap<>();
        values.forEach((k, v) -> drawn.put(k, v.next()));
        return drawn;
    }
}
