package dev.loomlab.server.helidon;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.server.shared.DatabaseDialect;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What the lab passes a server, read once: the same {@code --key=value} arguments and
 * environment variables it passes the Spring servers (server/ServerLaunch in the lab), so the
 * lab starts this server exactly as it starts them. A key is read from the arguments first, then
 * from its environment variable (upper case, {@code .} and {@code -} as {@code _}: Spring Boot's
 * rule, which is how the lab hands over the database credentials without showing them in ps).
 *
 * @param port              the request port; 0 = a free one, announced on the ready line
 * @param managementPort    the metrics port, of its own so a scrape never queues behind the load
 * @param poolTimeout       how long a request waits for a pooled connection before it fails
 * @param gracefulShutdown  whether stopping waits for requests in flight
 */
record ServerArgs(
        String address,
        int port,
        String managementAddress,
        int managementPort,
        int poolSize,
        Duration poolTimeout,
        String jdbcUrl,
        Dialect dialect,
        String user,
        String password,
        boolean gracefulShutdown) {

    private static final String LOOPBACK = "127.0.0.1";
    /**
     * Keys the lab may pass that mean nothing here, with why: the downstream's URL goes to every
     * server of a plan with a fan-out scenario, and this server serves none of them.
     */
    private static final Set<String> IGNORED = Set.of("loomlab.downstream-url");
    private static final List<String> KEYS = List.of("server.address", "server.port", "management.server.address",
            "management.server.port", "loomlab.pool-size", "loomlab.pool-timeout-ms", "spring.datasource.url",
            "spring.datasource.username", "spring.datasource.password", "server.shutdown");

    /** A value outside what the server accepts: one line for the person who started it. */
    static final class BadArgument extends IllegalArgumentException {
        BadArgument(String message) {
            super(message);
        }
    }

    /** From the command line, then the process's environment. */
    static ServerArgs parse(String[] args) {
        return parse(args, System::getenv);
    }

    static ServerArgs parse(String[] args, Function<String, String> environment) {
        Map<String, String> given = new LinkedHashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (!arg.startsWith("--") || eq < 0) {
                throw new BadArgument("expected --key=value, got '" + arg + "'");
            }
            String key = arg.substring(2, eq);
            if (!KEYS.contains(key) && !IGNORED.contains(key)) {
                throw new BadArgument("unknown argument --" + key + " (known: --" + String.join(", --", KEYS) + ")");
            }
            given.put(key, arg.substring(eq + 1));
        }
        Function<String, String> value = key -> given.containsKey(key) ? given.get(key)
                : environment.apply(key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_'));
        String url = value.apply("spring.datasource.url");
        Dialect dialect;
        try {
            dialect = DatabaseDialect.jdbc(url);
        } catch (IllegalStateException e) {
            throw new BadArgument(e.getMessage());
        }
        int poolSize = number(value, "loomlab.pool-size", 150, 1);
        // Hikari's own floor for its connection timeout.
        long poolTimeoutMs = number(value, "loomlab.pool-timeout-ms", 30_000, 250);
        String shutdown = orDefault(value.apply("server.shutdown"), "graceful");
        if (!shutdown.equals("graceful") && !shutdown.equals("immediate")) {
            throw new BadArgument("--server.shutdown must be graceful or immediate, got '" + shutdown + "'");
        }
        return new ServerArgs(
                orDefault(value.apply("server.address"), LOOPBACK),
                number(value, "server.port", 8080, 0),
                orDefault(value.apply("management.server.address"), LOOPBACK),
                number(value, "management.server.port", 0, 0),
                poolSize,
                Duration.ofMillis(poolTimeoutMs),
                url.strip(),
                dialect,
                orDefault(value.apply("spring.datasource.username"), ""),
                orDefault(value.apply("spring.datasource.password"), ""),
                shutdown.equals("graceful"));
    }

    private static int number(Function<String, String> value, String key, int fallback, int min) {
        String raw = value.apply(key);
        if (raw == null || raw.isBlank()) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(raw.strip());
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // Reported below, with the key.
        }
        throw new BadArgument("--" + key + " must be a whole number from " + min + ", got '" + raw + "'");
    }

    private static String orDefault(String raw, String fallback) {
        return raw == null || raw.isBlank() ? fallback : raw.strip();
    }

    /** The URL without its password, for the start line. */
    String safeUrl() {
        return DatabaseDialect.withoutPassword(jdbcUrl);
    }

    @Override
    public String toString() {
        // Never the password: a record's default toString would print it.
        return "ServerArgs[" + address + ":" + port + ", management " + managementAddress + ":" + managementPort
                + ", pool " + poolSize + " / " + poolTimeout.toMillis() + " ms, " + safeUrl() + "]";
    }
}
