package dev.loomlab.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomlab.load.Workload;
import picocli.CommandLine;

/** Argument parsing and validation, in-process (nothing is started for a rejected command line). */
class ArgumentsTest {

    private record Result(int exit, String stdout, String stderr) {
    }

    private static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = DriverMain.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), args);
        return new Result(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static DriverSpec spec(String... args) {
        DriverMain main = new DriverMain(System.out);
        new CommandLine(main).parseArgs(args);
        return main.toDriverSpec();
    }

    private static void assertUsageError(String expected, String... args) {
        Result r = run(args);
        assertThat(r.exit()).as(r.stderr()).isEqualTo(2);
        assertThat(r.stderr().lines().count()).as(r.stderr()).isEqualTo(1);
        assertThat(r.stderr()).contains(expected);
        assertThat(r.stdout()).isEmpty();
    }

    @Test
    void durationFlagsUseTheSharedGrammar() {
        DriverSpec s = spec("--url", "http://127.0.0.1:8080/", "--vus", "1", "--warmup", "1m30s", "--duration", "90", "--timeout", "1s500ms");
        assertThat(s.warmupMs()).isEqualTo(90_000);
        assertThat(s.durationMs()).isEqualTo(90_000);
        assertThat(s.timeoutMs()).isEqualTo(1_500);
    }

    @Test
    void aTargetIsLocalByTheAddressesItResolvesTo() {
        assertThat(Target.parse("http://localhost:8080/", false).host()).as("a name that resolves to loopback").isEqualTo("localhost");
        assertThat(Target.parse("http://127.10.20.30:8080/", false).host()).isEqualTo("127.10.20.30");
        assertThatThrownBy(() -> Target.parse("http://10.0.0.1:8080/x", false))
                .hasMessageContaining("resolves to [10.0.0.1], not a loopback address").hasMessageContaining("--allow-remote-target");
        assertThatThrownBy(() -> Target.parse("http://128.0.0.1/", false)).hasMessageContaining("not a loopback address");

        Target t = Target.parse("http://127.0.0.1:8080/block?ms=1000", false);
        assertThat(t.host()).isEqualTo("127.0.0.1");
        assertThat(t.port()).isEqualTo(8080);
        assertThat(t.pathAndQuery()).isEqualTo("/block?ms=1000");
        assertThat(Target.parse("http://localhost", false).pathAndQuery()).isEqualTo("/");
        assertThat(Target.parse("http://[::1]:9000/x", false).host()).isEqualTo("::1");
        assertThat(Target.parse("http://10.0.0.1:8080/x", true).host()).isEqualTo("10.0.0.1");
    }

    @Test
    void defaultsForTheClosedModel() {
        DriverSpec s = spec("--url", "http://127.0.0.1:8080/block?ms=1000", "--vus", "1000");
        assertThat(s.closed()).isTrue();
        // one connection and one session a VU; 10 s of warm-up, a 30 s window (seconds 10 to 40), 60 s to answer
        assertThat(s).extracting(DriverSpec::connections, DriverSpec::maxSessions, DriverSpec::method)
                .containsExactly(1000, 1000, "GET");
        assertThat(s).extracting(DriverSpec::warmupMs, DriverSpec::durationMs, DriverSpec::timeoutMs)
                .containsExactly(10_000L, 30_000L, 60_000L);
        assertThat(s).extracting(DriverSpec::firstMeasuredInterval, DriverSpec::endMeasuredInterval).containsExactly(10, 40);
    }

    @Test
    void defaultsForTheOpenModel() {
        DriverSpec s = spec("--url", "http://127.0.0.1:8080/", "--rate", "250", "--warmup", "500ms", "--duration", "2", "--threads", "64");
        assertThat(s.closed()).isFalse();
        // rate x timeout (60 s): arrivals are never delayed while requests resolve within the timeout
        assertThat(s.maxSessions()).isEqualTo(15_000);
        assertThat(s.connections()).isEqualTo(8_000);
        assertThat(s.threads()).isEqualTo(64);
        // a partial first second of warm-up is not measured: the window starts on a whole second
        assertThat(s.firstMeasuredInterval()).isEqualTo(1);
        assertThat(s.endMeasuredInterval()).isEqualTo(2);
        assertThat(spec("--url", "http://127.0.0.1:8080/", "--rate", "5").maxSessions()).isEqualTo(1000);
        assertThat(spec("--url", "http://127.0.0.1:8080/", "--rate", "5").connections()).isEqualTo(1000);
        assertThat(spec("--url", "http://127.0.0.1:8080/", "--rate", "100", "--timeout", "20s").maxSessions()).isEqualTo(2000);
        assertThat(spec("--url", "http://127.0.0.1:8080/", "--rate", "1e6").maxSessions()).isEqualTo(200_000);
        assertThat(spec("--url", "http://127.0.0.1:8080/", "--rate", "5", "--max-sessions", "20", "--connections", "10").connections()).isEqualTo(10);
    }

    @Test
    void burst() {
        DriverSpec s = spec("--url", "http://127.0.0.1:8080/block?ms=2000", "--burst", "600");
        assertThat(s.isBurst()).isTrue();
        assertThat(s.model()).isEqualTo("burst");
        assertThat(s.closed()).isFalse();
        assertThat(s.maxSessions()).isEqualTo(600);
        assertThat(s.connections()).isEqualTo(600);
        assertThat(s.warmupMs()).isZero();
        assertThat(s.phaseMs()).isZero();
        assertThat(spec("--url", "http://127.0.0.1:8080/", "--burst", "10000").connections()).isEqualTo(8_000);
        // a burst may wait longer than Hyperfoil's 1-minute histograms: 100 calls of 10 s on 10 threads take 100 s
        assertThat(spec("--url", "http://127.0.0.1:8080/", "--burst", "100", "--timeout", "3m").timeoutMs()).isEqualTo(180_000);
        assertThat(HyperfoilRun.maxPhaseMs(spec("--url", "http://127.0.0.1:8080/", "--burst", "100", "--connections", "10",
                "--timeout", "10s"))).isEqualTo(10 * 10_000 + HyperfoilRun.DRAIN_GRACE_MS);
    }

    @Test
    void ramp() {
        DriverSpec s = spec("--url", "http://127.0.0.1:8080/", "--ramp", "10:40:3", "--step-duration", "5s", "--warmup", "2s");
        assertThat(s.isRamp()).isTrue();
        assertThat(s.model()).isEqualTo("closed");
        assertThat(s.shape()).isEqualTo("ramp");
        assertThat(s.rampVus()).containsExactly(10, 25, 40);
        assertThat(s.vus()).isEqualTo(40);
        assertThat(s.connections()).isEqualTo(40);
        assertThat(s.durationMs()).isEqualTo(15_000);
        assertThat(s.levelFirstInterval(0)).isEqualTo(2);
        assertThat(s.levelFirstInterval(1)).isEqualTo(7);
        assertThat(s.endMeasuredInterval()).isEqualTo(17);
        assertThat(spec("--url", "http://127.0.0.1:8080/", "--ramp", "100:10:4", "--step-duration", "1s").rampVus())
                .containsExactly(100, 70, 40, 10);
        assertThat(spec("--url", "http://127.0.0.1:8080/", "--ramp", "7:7:1", "--step-duration", "1s").rampVus()).containsExactly(7);

        RampGate gate = new RampGate(2000, 5000, new int[] {10, 25, 40});
        assertThat(gate.activeAt(0)).isEqualTo(10);
        assertThat(gate.activeAt(6999)).isEqualTo(10);
        assertThat(gate.activeAt(7000)).isEqualTo(25);
        assertThat(gate.activeAt(16_999)).isEqualTo(40);
        assertThat(gate.activeAt(17_000)).isZero();
        assertThat(gate.nextActivation(30, 500)).isEqualTo(12_000);
        assertThat(gate.nextActivation(12, 500)).isEqualTo(7_000);
        assertThat(gate.nextActivation(50, 500)).isEqualTo(-1);
    }

    @Test
    void badArgumentsExitWith2AndOneLine() {
        assertUsageError("loopback", "--url", "http://10.0.0.1:8080/", "--vus", "1");
        assertUsageError("exactly one of --vus", "--url", "http://127.0.0.1:8080/", "--vus", "1", "--rate", "5");
        assertUsageError("exactly one of --vus", "--url", "http://127.0.0.1:8080/");
        assertUsageError("--url", "--vus", "1");
        assertUsageError("http:// or https://", "--url", "ftp://127.0.0.1:8443/", "--vus", "1");
        assertUsageError("duration must be at least 1s", "--url", "http://127.0.0.1:8080/", "--vus", "1", "--duration", "500ms");
        assertUsageError("--warmup", "--url", "http://127.0.0.1:8080/", "--vus", "1", "--warmup", "soon");
        assertUsageError("vus must be between 1 and 100000, got 0", "--url", "http://127.0.0.1:8080/", "--vus", "0");
        assertUsageError("rate must be above 0", "--url", "http://127.0.0.1:8080/", "--rate", "-3");
        assertUsageError("maxSessions: applies to the open model only", "--url", "http://127.0.0.1:8080/", "--vus", "3", "--max-sessions", "9");
        assertUsageError("method: unsupported 'BREW'", "--url", "http://127.0.0.1:8080/", "--vus", "1", "--method", "BREW");
        assertUsageError("name must be a file-name-safe word", "--url", "http://127.0.0.1:8080/", "--vus", "1", "--name", "../escape");
        assertUsageError("timeout must be between 1s and 1m, got 5m", "--url", "http://127.0.0.1:8080/", "--vus", "1", "--timeout", "5m");
        assertUsageError("--unknown", "--url", "http://127.0.0.1:8080/", "--vus", "1", "--unknown");
        assertUsageError("exactly one of --vus", "--url", "http://127.0.0.1:8080/", "--vus", "1", "--burst", "5");
        assertUsageError("exactly one of --vus", "--url", "http://127.0.0.1:8080/", "--ramp", "1:2:2", "--rate", "5", "--step-duration", "1s");
        assertUsageError("burst must be between 1 and 10000, got 0", "--url", "http://127.0.0.1:8080/", "--burst", "0");
        assertUsageError("--driver-warmup", "--url", "http://127.0.0.1:8080/", "--vus", "5", "--driver-warmup", "1s");
        assertUsageError("--driver-warmup", "--url", "http://127.0.0.1:8080/", "--burst", "5", "--driver-warmup", "later");
        assertUsageError("--burst", "--url", "http://127.0.0.1:8080/", "--burst", "5", "--duration", "10s");
        assertUsageError("--burst", "--url", "http://127.0.0.1:8080/", "--burst", "5", "--warmup", "1s");
        assertUsageError("timeout must be between 1s and 10m, got 11m", "--url", "http://127.0.0.1:8080/", "--burst", "5", "--timeout", "11m");
        assertUsageError("FROM:TO:STEPS", "--url", "http://127.0.0.1:8080/", "--ramp", "10-40-3", "--step-duration", "1s");
        assertUsageError("FROM and TO", "--url", "http://127.0.0.1:8080/", "--ramp", "0:40:3", "--step-duration", "1s");
        assertUsageError("STEPS", "--url", "http://127.0.0.1:8080/", "--ramp", "10:40:0", "--step-duration", "1s");
        assertUsageError("--step-duration", "--url", "http://127.0.0.1:8080/", "--ramp", "10:40:3");
        assertUsageError("--step-duration", "--url", "http://127.0.0.1:8080/", "--ramp", "10:40:3", "--step-duration", "1500ms");
        assertUsageError("--step-duration", "--url", "http://127.0.0.1:8080/", "--vus", "3", "--step-duration", "1s");
        assertUsageError("--duration", "--url", "http://127.0.0.1:8080/", "--ramp", "10:40:3", "--step-duration", "1s", "--duration", "9s");
        assertUsageError("--warmup", "--url", "http://127.0.0.1:8080/", "--ramp", "10:40:3", "--step-duration", "1s", "--warmup", "500ms");
    }

    @Test
    void aRequestFileIsTheWholeRun(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("run.json");
        Files.writeString(file, """
                {"url": "http://127.0.0.1:8080/block", "workload": {"shape": "closed", "vus": 7},
                 "window": {"warmup": "2s", "measure": "1m"}, "timeout": "5s", "outDir": "out", "name": "cell"}
                """);
        DriverSpec s = spec("--request", file.toString());
        assertThat(s.workload()).isEqualTo(new Workload.Closed(7));
        assertThat(s.connections()).isEqualTo(7);
        assertThat(s.warmupMs()).isEqualTo(2_000);
        assertThat(s.durationMs()).isEqualTo(60_000);
        assertThat(s.timeoutMs()).isEqualTo(5_000);
        assertUsageError("--request holds the whole run: drop --vus", "--request", file.toString(), "--vus", "3");
    }

    @Test
    void aRequestFileIsReadStrictly(@TempDir Path dir) throws IOException {
        String run = """
                {"url": "http://127.0.0.1:8080/", "workload": {"shape": "closed", "vus": %s},
                 "window": {"warmup": "2s", "measure": "10s"}, "timeout": "5s", "outDir": "out", "name": "cell"%s}
                """;
        Path overflow = Files.writeString(dir.resolve("overflow.json"), run.formatted("18446744073709551617", ""));
        Path zero = Files.writeString(dir.resolve("zero.json"), run.formatted("0", ""));
        Path unknown = Files.writeString(dir.resolve("unknown.json"), run.formatted("5", ", \"vu\": 5"));
        Path duplicate = Files.writeString(dir.resolve("duplicate.json"), run.formatted("5", ", \"name\": \"other\""));
        assertUsageError("out of range of int", "--request", overflow.toString());
        assertUsageError("vus must be between 1 and 100000, got 0", "--request", zero.toString());
        assertUsageError("Unrecognized field \"vu\"", "--request", unknown.toString());
        assertUsageError("Duplicate field 'name'", "--request", duplicate.toString());
    }

    @Test
    void helpGoesToStdoutWithExit0() {
        Result r = run("--help");
        assertThat(r.exit()).isZero();
        assertThat(r.stdout()).contains("--url").contains("--vus").contains("--rate");
    }
}
