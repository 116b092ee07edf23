package dev.loomlab.scenario;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a stack names the threads it serves requests on, as its {@code loomlab-server.yaml} says in
 * {@code threadNames: {pool: "-exec-", eventLoop: "reactor-http-"}}: a part of the name of its request
 * pool's platform threads, and of its event loops' threads. A stack of virtual threads only gives none:
 * a virtual thread is known without a name.
 */
public record ThreadNames(Optional<String> pool, Optional<String> eventLoop) {
    public static final ThreadNames NONE = new ThreadNames(Optional.empty(), Optional.empty());
    /** The descriptor's field; a server module's tests read it from the module's own descriptor. */
    public static final String FIELD = "threadNames";
    public static final String DESCRIPTOR = "loomlab-server.yaml";

    private static final Pattern ENTRY = Pattern.compile("(\\w+)\\s*:\\s*\"([^\",]+)\"");

    public ThreadNames {
        pool = nonBlank(pool, "pool");
        eventLoop = nonBlank(eventLoop, "eventLoop");
    }

    private static Optional<String> nonBlank(Optional<String> part, String field) {
        if (part == null) {
            return Optional.empty();
        }
        if (part.filter(String::isBlank).isPresent()) {
            throw new IllegalArgumentException(FIELD + "." + field + ": a part of the threads' names, not blank");
        }
        return part;
    }

    /** The names the descriptor of the module whose tests run declares (Maven runs a module's tests in its folder). */
    public static ThreadNames ofThisModule() {
        Path descriptor = Path.of(DESCRIPTOR);
        if (!Files.isRegularFile(descriptor)) {
            throw new IllegalStateException("no " + DESCRIPTOR + " in " + Path.of("").toAbsolutePath() + ": run from a server module");
        }
        return declaredIn(descriptor);
    }

    /**
     * The {@code threadNames} line of a descriptor, {@link #NONE} without one. The servers' tests read it here, not
     * through the lab's strict YAML reader: they must not depend on the lab, and their stacks bring different YAML
     * libraries or none. So the field is written on one line, each part quoted; the lab's catalogue test checks that
     * this reading and the lab's agree for every descriptor in the checkout.
     */
    public static ThreadNames declaredIn(Path descriptor) {
        String line;
        try (var lines = Files.lines(descriptor)) {
            line = lines.filter(l -> l.startsWith(FIELD + ":")).findFirst().orElse(null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (line == null) {
            return NONE;
        }
        String value = line.substring(FIELD.length() + 1).strip();
        int close = value.indexOf('}');
        if (!value.startsWith("{") || close < 0) {
            throw new IllegalArgumentException(descriptor + ": " + FIELD + ": write it on one line, {pool: \"...\", eventLoop: \"...\"}");
        }
        String inner = value.substring(1, close);
        Map<String, String> parts = new LinkedHashMap<>();
        for (String entry : inner.isBlank() ? new String[0] : inner.split(",")) {
            Matcher m = ENTRY.matcher(entry.strip());
            if (!m.matches()) {
                throw new IllegalArgumentException(descriptor + ": " + FIELD + ": '" + entry.strip() + "' is not name: \"part\"");
            }
            parts.put(m.group(1), m.group(2));
        }
        ThreadNames names = new ThreadNames(Optional.ofNullable(parts.remove("pool")), Optional.ofNullable(parts.remove("eventLoop")));
        if (!parts.isEmpty()) {
            throw new IllegalArgumentException(descriptor + ": " + FIELD + ": unknown " + parts.keySet() + " (allowed: pool, eventLoop)");
        }
        return names;
    }
}
