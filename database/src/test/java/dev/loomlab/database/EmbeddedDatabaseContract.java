package dev.loomlab.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.scenario.Dialect;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/** The same checks against each embedded server; the last test closes it. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class EmbeddedDatabaseContract {

    private final Dialect dialect;
    private RunningDatabase db;
    private long startMillis;

    EmbeddedDatabaseContract(Dialect dialect) {
        this.dialect = dialect;
    }

    abstract String sleepSql();

    abstract String maxConnectionsSql();

    abstract String bindAddressSql();

    abstract String loomlabSessionsSql();

    abstract String expectedDescriptionStart();

    @BeforeAll
    void start() {
        long t0 = System.nanoTime();
        db = Databases.startEmbedded(dialect);
        startMillis = (System.nanoTime() - t0) / 1_000_000;
        System.out.println("TIMING " + dialect.id() + " start " + startMillis + " ms: " + db.description() + " pid "
                + db.pid().orElse(-1) + " rss " + rssKb(db.pid().orElse(-1)) + " kB");
    }

    @AfterAll
    void stop() {
        if (db != null) {
            db.close();
        }
    }

    private Connection connect() throws SQLException {
        return Jdbc.connect(dialect, db.endpoint().jdbcUrl(), "loomlab", db.endpoint().password());
    }

    @Test
    @Order(1)
    void describesItselfWithTheLoomlabEndpoint() {
        DatabaseEndpoint endpoint = db.endpoint();
        int port = port(endpoint);
        String scheme = dialect == Dialect.POSTGRES ? "postgresql" : "mariadb";
        assertThat(endpoint.dialect()).isEqualTo(dialect);
        assertThat(endpoint.jdbcUrl()).isEqualTo("jdbc:" + scheme + "://127.0.0.1:" + port + "/loomlab");
        assertThat(endpoint.r2dbcUrl()).isEqualTo("r2dbc:" + scheme + "://127.0.0.1:" + port + "/loomlab");
        assertThat(endpoint.user()).isEqualTo("loomlab");
        // a password of this start's own: 24 random bytes, never the old fixed "loomlab"
        assertThat(endpoint.password()).matches("[0-9a-f]{48}");
        assertThat(db.description()).startsWith(expectedDescriptionStart());
        assertThat(db.pid()).isPresent();
        assertThat(ServerProcesses.isRunning(db.pid().getAsLong())).isTrue();
    }

    @Test
    @Order(2)
    void selectsNowAsLoomlab() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select now()")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getTimestamp(1)).isNotNull();
        }
    }

    @Test
    @Order(3)
    void sleepsForTheBoundDuration() throws SQLException {
        try (Connection c = connect(); PreparedStatement ps = c.prepareStatement(sleepSql())) {
            ps.setDouble(1, 0.2);
            long t0 = System.nanoTime();
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
            }
            long elapsedMs = (System.nanoTime() - t0) / 1_000_000;
            assertThat(elapsedMs).isGreaterThanOrEqualTo(200).isLessThan(5_000);
        }
    }

    @Test
    @Order(4)
    void isConfiguredForManyConnectionsOnLoopbackOnly() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery(maxConnectionsSql())) {
                rs.next();
                assertThat(Integer.parseInt(rs.getString(1))).isEqualTo(EmbeddedOptions.DEFAULT_MAX_CONNECTIONS);
            }
            try (ResultSet rs = s.executeQuery(bindAddressSql())) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("127.0.0.1");
            }
        }
    }

    @Test
    @Order(5)
    void rejectsAWrongPassword() {
        assertThatThrownBy(() -> Jdbc.connect(dialect, db.endpoint().jdbcUrl(), "loomlab", "not-the-password").close())
                .isInstanceOf(SQLException.class);
    }

    @Test
    @Order(6)
    void holds200ConnectionsAtOnce() throws Exception {
        int count = 200;
        List<Future<Connection>> opening = new ArrayList<>();
        long t0 = System.nanoTime();
        try (ExecutorService pool = Executors.newFixedThreadPool(16)) {
            for (int i = 0; i < count; i++) {
                opening.add(pool.submit(() -> {
                    Connection c = connect();
                    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select 1")) {
                        rs.next();
                    }
                    return c;
                }));
            }
        } // waits for all of them
        List<Connection> connections = new ArrayList<>();
        try {
            for (Future<Connection> f : opening) {
                if (f.state() == Future.State.SUCCESS) {
                    connections.add(f.resultNow());
                }
            }
            System.out.println("TIMING " + dialect.id() + " opened " + connections.size() + " connections in "
                    + (System.nanoTime() - t0) / 1_000_000 + " ms");
            for (Future<Connection> f : opening) {
                if (f.state() == Future.State.FAILED) {
                    throw new AssertionError("a connection failed", f.exceptionNow());
                }
            }
            assertThat(connections).hasSize(count);
            try (Connection c = connect(); Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(loomlabSessionsSql())) {
                rs.next();
                assertThat(rs.getInt(1)).isGreaterThanOrEqualTo(count + 1);
            }
        } finally {
            for (Connection c : connections) {
                c.close();
            }
        }
    }

    @Test
    @Order(7)
    void externalModeConnectsToTheRunningServer() throws SQLException {
        RunningDatabase external = Databases.external(db.endpoint());
        assertThat(external.description()).startsWith("external " + db.description()
                .substring("embedded ".length(), db.description().indexOf(" (")));
        assertThat(external.pid()).isEmpty();
        assertThat(external.endpoint()).isEqualTo(db.endpoint());
        external.close(); // a no-op: the server keeps running
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select 1")) {
            assertThat(rs.next()).isTrue();
        }
    }

    @Test
    @Order(100)
    void closeStopsTheServerFreesThePortAndDeletesTheData() throws Exception {
        int port = port(db.endpoint());
        long pid = db.pid().getAsLong();
        Path instanceDir = ((EmbeddedServer) db).instanceDir();
        assertThat(instanceDir).isDirectory();

        long t0 = System.nanoTime();
        db.close();
        System.out.println("TIMING " + dialect.id() + " close " + (System.nanoTime() - t0) / 1_000_000 + " ms");
        db.close(); // idempotent

        assertThat(ServerProcesses.isRunning(pid)).as("server process %d still running", pid).isFalse();
        assertThat(Files.exists(instanceDir)).as("instance dir %s", instanceDir).isFalse();
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port));
        }
        assertThatThrownBy(this::connect).isInstanceOf(SQLException.class);
        db = null;
    }

    static int port(DatabaseEndpoint endpoint) {
        String url = endpoint.jdbcUrl();
        String hostPort = url.substring(url.indexOf("//") + 2, url.lastIndexOf('/'));
        return Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1));
    }

    static long rssKb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D+", ""));
                }
            }
        } catch (Exception e) {
            // unknown
        }
        return -1;
    }

    @Test
    @Order(8)
    void aSecondStartGivesTheLabsRoleAnotherPassword() {
        try (RunningDatabase second = Databases.startEmbedded(dialect)) {
            assertThat(second.endpoint().password()).matches("[0-9a-f]{48}").isNotEqualTo(db.endpoint().password());
        }
    }
}
