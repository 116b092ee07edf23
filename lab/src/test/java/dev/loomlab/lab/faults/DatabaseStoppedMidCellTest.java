package dev.loomlab.lab.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.database.Databases;
import dev.loomlab.database.RunningDatabase;
import dev.loomlab.lab.cli.Loomlab;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.scenario.Dialect;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The database stopped while a cell runs: the cell ends on time (its window, then at most the
 * request timeout + 10 s), its errors are counted by kind, and the password the run was given
 * appears in none of the files the run wrote nor on its console.
 */
class DatabaseStoppedMidCellTest {
    private static final Duration WARMUP = Duration.ofSeconds(2);
    private static final Duration WINDOW = Duration.ofSeconds(8);
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);
    private static final java.util.regex.Pattern MEASURING = java.util.regex.Pattern.compile("measure \\d+/\\d+ s, [1-9][\\d.,]* TPS live");

    @Test
    void errorsAreCountedByKindAndTheCellEndsWithinTheTimeoutPlusTenSeconds(@TempDir Path out) throws Exception {
        String password = "pw-" + UUID.randomUUID();
        RunningDatabase db = Databases.startEmbedded(Dialect.POSTGRES);
        CompletableFuture<Long> stoppedAt;
        int exit;
        long returnedAt;
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream originalOut = System.out;
        PrintStream originalErr = System.err;
        try {
            var endpoint = db.endpoint();
            // A role may change its own password: a distinctive one, to look for afterwards.
            try (Connection c = DriverManager.getConnection(endpoint.jdbcUrl(), endpoint.user(), endpoint.password());
                 Statement s = c.createStatement()) {
                s.execute("alter role " + endpoint.user() + " password '" + password + "'");
            }
            ProcessHandle self = ProcessHandle.current();
            stoppedAt = CompletableFuture.supplyAsync(() -> {
                Processes.awaitDescendant(self, c -> c.contains("loomlab-driver.jar"), Duration.ofSeconds(120));
                // Inside the measured window, once requests are answered there (the live progress line says so).
                long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
                while (!MEASURING.matcher(console.toString(StandardCharsets.UTF_8)).find() && System.nanoTime() < deadline) {
                    Processes.sleep(100);
                }
                db.close(); // the database stops: pooled connections break, new ones are refused
                return System.nanoTime();
            });
            PrintStream tee = new PrintStream(new TeeStream(originalOut, console), true, StandardCharsets.UTF_8);
            System.setOut(tee);
            System.setErr(new PrintStream(new TeeStream(originalErr, console), true, StandardCharsets.UTF_8));
            exit = Loomlab.commandLine().execute("run", "--models", "mvc-virtual", "--scenarios", "block-query",
                    "--vus", "20", "--sleep-ms", "100", "--warmup", WARMUP.toSeconds() + "s", "--duration", WINDOW.toSeconds() + "s",
                    "--request-timeout", REQUEST_TIMEOUT.toSeconds() + "s", "--heap", "256m",
                    "--db-url", endpoint.jdbcUrl() + (endpoint.jdbcUrl().contains("?") ? "&" : "?") + "password=" + password,
                    "--db-user", endpoint.user(), "--db-password", password, "--out", out.toString());
            returnedAt = System.nanoTime();
        } finally {
            System.setOut(originalOut);
            System.setErr(originalErr);
            db.close();
        }

        Duration afterStop = Duration.ofNanos(returnedAt - stoppedAt.get());
        System.out.println("run returned " + afterStop.toMillis() + " ms after the database stopped");
        // The rest of the window (under 8 s), then at most one request timeout + 10 s: stopping the server included.
        assertThat(afterStop).isLessThan(WINDOW.plus(REQUEST_TIMEOUT).plusSeconds(10));

        Path runDir = Processes.onlyRunFolder(out);
        List<CellResult> cells = new RunFolder(runDir).readCells();
        assertThat(cells).hasSize(1);
        CellResult cell = cells.getFirst();
        assertThat(cell.succeeded()).as("a measured cell whose errors are its result: " + cell.failure()).isTrue();
        long errors = cell.errors().values().stream().mapToLong(Long::longValue).sum();
        assertThat(errors).as("errors by kind: " + cell.errors()).isPositive();
        assertThat(cell.errors().keySet()).isSubsetOf("connect", "timeout", "status4xx", "status5xx", "other");
        assertThat(cell.ok()).as("requests before the stop were answered").isPositive();
        assertThat(cell.limitedBy()).isEqualTo("errors");
        assertThat(exit).isZero();

        // Security default: the password is masked everywhere the run writes.
        assertThat(console.toString(StandardCharsets.UTF_8)).doesNotContain(password);
        byte[] needle = password.getBytes(StandardCharsets.UTF_8);
        try (Stream<Path> files = Files.walk(runDir)) {
            List<Path> leaking = files.filter(Files::isRegularFile).filter(f -> contains(f, needle)).toList();
            assertThat(leaking).as("files of the run that contain the database password").isEmpty();
        }
        assertThat(Files.readString(runDir.resolve(RunFolder.MANIFEST))).contains("password=****");
    }

    private static boolean contains(Path file, byte[] needle) {
        try {
            byte[] hay = Files.readAllBytes(file);
            outer:
            for (int i = 0; i + needle.length <= hay.length; i++) {
                for (int j = 0; j < needle.length; j++) {
                    if (hay[i + j] != needle[j]) {
                        continue outer;
                    }
                }
                return true;
            }
            return false;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Writes to the console and keeps a copy to search. */
    private static final class TeeStream extends java.io.OutputStream {
        private final java.io.OutputStream a;
        private final java.io.OutputStream b;

        TeeStream(java.io.OutputStream a, java.io.OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int x) throws java.io.IOException {
            a.write(x);
            b.write(x);
        }

        @Override
        public void write(byte[] bytes, int off, int len) throws java.io.IOException {
            a.write(bytes, off, len);
            b.write(bytes, off, len);
        }
    }
}
