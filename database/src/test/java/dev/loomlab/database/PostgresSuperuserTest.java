package dev.loomlab.database;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.scenario.Dialect;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Nobody else on the machine gets in while the embedded PostgreSQL starts: the superuser has a password of that start's
 * own from initdb on, and the cluster trusts no login at any moment.
 */
class PostgresSuperuserTest {

    @Test
    void aTcpLoginAsPostgresWithoutAPasswordFailsAtEveryMomentOfTheStart() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        String url = "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
        AtomicBoolean starting = new AtomicBoolean(true);
        List<String> admitted = new CopyOnWriteArrayList<>();
        List<String> refusedByTheServer = new CopyOnWriteArrayList<>();
        Thread intruder = Thread.ofPlatform().name("intruder").start(() -> {
            while (starting.get()) {
                Properties login = new Properties();
                login.setProperty("user", "postgres");
                login.setProperty("password", "");
                login.setProperty("connectTimeout", "1");
                try (Connection c = DriverManager.getConnection(url, login)) {
                    admitted.add("logged in as postgres with no password");
                } catch (SQLException e) {
                    // a refusal that got past the port: the server asked for a password (or refused one)
                    String m = String.valueOf(e.getMessage());
                    if (m.contains("password") || m.contains("authentication")) {
                        refusedByTheServer.add(m);
                    }
                }
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        try (RunningDatabase db = Databases.startEmbedded(Dialect.POSTGRES, EmbeddedOptions.defaults().withPort(port))) {
            starting.set(false);
            intruder.join();
            assertThat(admitted).isEmpty();
            // the poll reached the server while it started (not only a closed port), and after the start it still fails
            assertThat(refusedByTheServer).as("logins the server itself refused during the start").isNotEmpty();
            Properties login = new Properties();
            login.setProperty("user", "postgres");
            login.setProperty("password", "");
            assertThat(tryLogin(url, login)).isFalse();
        } finally {
            starting.set(false);
            intruder.join();
        }
    }

    private static boolean tryLogin(String url, Properties login) {
        try (Connection c = DriverManager.getConnection(url, login)) {
            return true;
        } catch (SQLException e) {
            return false;
        }
    }
}
