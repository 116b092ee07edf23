package dev.loomlab.lab.run;

import dev.loomlab.database.DatabaseEndpoint;
import dev.loomlab.database.Databases;
import dev.loomlab.database.EmbeddedOptions;
import dev.loomlab.database.RunningDatabase;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.os.Taskset;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.topology.Namespaces;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/** The run's one database: the embedded server of the plan's dialect, or the user's own. */
public final class DatabaseStarter {
    private DatabaseStarter() {
    }

    public static RunningDatabase start(Plan plan, CpuLayout cpus) {
        return start(plan, cpus, null);
    }

    /** In the split topology ({@code namespaces} not null) the embedded server runs in the database's namespace, on its address. */
    public static RunningDatabase start(Plan plan, CpuLayout cpus, Namespaces namespaces) {
        if (plan.externalDatabase()) {
            // The R2DBC URL drops the JDBC URL's query, so credentials given only there reach the reactive servers
            // as the endpoint's user and password, like those given by flag.
            String user = plan.dbUser() != null ? plan.dbUser() : queryValue(plan.dbUrl(), "user").orElse("loomlab");
            String password = plan.dbPassword() != null ? plan.dbPassword() : queryValue(plan.dbUrl(), "password").orElse("");
            return Databases.external(new DatabaseEndpoint(plan.database(), plan.dbUrl(), r2dbcUrl(plan.dbUrl()), user, password));
        }
        EmbeddedOptions options = EmbeddedOptions.defaults();
        if (namespaces != null) {
            options = options.withBindAddress(namespaces.dbAddress())
                    .withLaunchPrefix(namespaces.exec(namespaces.dbNamespace(), List.of()));
        }
        RunningDatabase db = Databases.startEmbedded(plan.database(), options);
        if (cpus.pinned()) {
            db.pid().ifPresent(pid -> pinTree(pid, cpus.database()));
        }
        return db;
    }

    /** The same server through R2DBC: {@code jdbc:mariadb://h:p/db?x} becomes {@code r2dbc:mariadb://h:p/db}. */
    public static String r2dbcUrl(String jdbcUrl) {
        String url = jdbcUrl.replaceFirst("^jdbc:mysql:", "jdbc:mariadb:");
        int query = url.indexOf('?');
        return "r2dbc:" + (query < 0 ? url : url.substring(0, query)).substring("jdbc:".length());
    }

    /** A parameter of a JDBC URL's query ({@code ?user=a&password=b}), decoded. */
    static Optional<String> queryValue(String jdbcUrl, String name) {
        int query = jdbcUrl.indexOf('?');
        if (query < 0) {
            return Optional.empty();
        }
        for (String pair : jdbcUrl.substring(query + 1).split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0 && pair.substring(0, eq).equals(name)) {
                return Optional.of(URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return Optional.empty();
    }

    // PostgreSQL forks a process per connection: pin the postmaster and what it already forked;
    // later backends inherit the postmaster's affinity.
    private static void pinTree(long pid, String cpus) {
        Taskset.pin(pid, cpus);
        ProcessHandle.of(pid).ifPresent(h -> h.descendants().forEach(d -> Taskset.pin(d.pid(), cpus)));
    }
}
