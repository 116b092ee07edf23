package dev.loomlab.lab.server;

import dev.loomlab.lab.catalog.LabHome;
import dev.loomlab.lab.settings.PlanException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The JDBC drivers the mvc server can talk to MariaDB with: the driver-pinning pitfall.
 * Seed 000's virtual threads reached 1,950–2,010 TPS on "1 s block + select" where WebFlux reached
 * 2,850; a suspect is its MySQL driver, whose 8.x releases read the socket inside
 * {@code synchronized} blocks — a virtual thread there pins its carrier on JDK 21–23. 9.0.0
 * replaced them with {@code ReentrantLock}; MariaDB Connector/J 3.x (the server's own) never had them.
 *
 * <p>The server jar bundles MariaDB Connector/J; the MySQL drivers are jars beside the lab
 * ({@code lab/target/jdbc-drivers}, copied by the build) that the server loads through Spring
 * Boot's {@code PropertiesLauncher} and {@code loader.path}. The server prints the driver it
 * really used; the lab refuses a cell whose server ran another one.
 *
 * @param id          the plan's name for it ({@code jdbcDrivers: [mariadb, mysql-8.1.0, mysql-9.5.0]})
 * @param jarName     the jar in {@code lab/target/jdbc-drivers}, or null for the server's bundled driver
 * @param driverClass the {@code java.sql.Driver} Hikari must use
 * @param scheme      the JDBC URL scheme it answers to
 * @param nameFragment what the driver's own {@code DatabaseMetaData} name and version contain
 */
public record JdbcDriver(String id, String jarName, String driverClass, String scheme, String nameFragment, String about) {

    public static final JdbcDriver MARIADB = new JdbcDriver("mariadb", null, "org.mariadb.jdbc.Driver", "mariadb",
            "MariaDB Connector/J", "MariaDB Connector/J 3.x, bundled in the server: locks, no synchronized around I/O");
    public static final JdbcDriver MYSQL_8 = new JdbcDriver("mysql-8.1.0", "mysql-connector-j-8.1.0.jar",
            "com.mysql.cj.jdbc.Driver", "mysql", "mysql-connector-j-8.1.0",
            "mysql-connector-j 8.1.0, Spring Boot 3.2.0's (seed 000's) version: socket reads inside synchronized");
    public static final JdbcDriver MYSQL_9 = new JdbcDriver("mysql-9.5.0", "mysql-connector-j-9.5.0.jar",
            "com.mysql.cj.jdbc.Driver", "mysql", "mysql-connector-j-9.5.0",
            "mysql-connector-j 9.5.0: ReentrantLock since 9.0.0");

    private static final List<JdbcDriver> ALL = List.of(MARIADB, MYSQL_8, MYSQL_9);

    public static List<JdbcDriver> all() {
        return ALL;
    }

    public static String ids() {
        return ALL.stream().map(JdbcDriver::id).collect(Collectors.joining(", "));
    }

    public static JdbcDriver byId(String id) {
        return ALL.stream().filter(d -> d.id().equals(id)).findFirst().orElseThrow(() -> new PlanException(
                "jdbcDrivers: unknown driver '" + id + "' (allowed: " + ids() + ")"));
    }

    /** Whether the server jar carries it (no launcher change needed). */
    public boolean bundled() {
        return jarName == null;
    }

    /** The driver's jar beside the lab; a clear error when the build has not copied it. */
    public Path jar() {
        Path jar = LabHome.root().resolve("lab").resolve("target").resolve("jdbc-drivers").resolve(jarName);
        if (!Files.isRegularFile(jar)) {
            throw new PlanException("missing " + jar + ": the lab's build copies it (./loomlab build, or ./mvnw -pl lab generate-resources)");
        }
        return jar;
    }

    /**
     * The same database under this driver's scheme: {@code jdbc:mariadb://h:p/db} becomes
     * {@code jdbc:mysql://h:p/db?sslMode=DISABLED} (the embedded MariaDB has no TLS, and the MySQL
     * driver's default would try it on every connection).
     */
    public String url(String jdbcUrl) {
        if (bundled()) {
            return jdbcUrl;
        }
        String url = jdbcUrl.replaceFirst("^jdbc:(mariadb|mysql):", "jdbc:" + scheme + ":");
        return url + (url.contains("?") ? "&" : "?") + "sslMode=DISABLED";
    }

    /** The server's "loomlab-jdbc-driver" line names this driver. */
    public boolean ranIn(String serverLog) {
        return Arrays.stream(serverLog.split("\n")).filter(l -> l.startsWith(READY_LINE))
                .anyMatch(l -> l.contains(nameFragment));
    }

    /** The line the mvc server prints with its driver's own name and version. */
    public static final String READY_LINE = "loomlab-jdbc-driver ";

    @Override
    public String toString() {
        return id;
    }
}
