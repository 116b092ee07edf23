package dev.loomlab.lab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.cli.Loomlab;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.testing.RunFolders;
import dev.loomlab.lab.testing.MachineSpeed;
import dev.loomlab.lab.testing.SampleShop;
import dev.loomlab.load.Protocol;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Spring Boot service that knows nothing of loomlab (samples/shop: its own pom, JDBC on PostgreSQL, endpoints of
 * different cost), built here with the checkout's Maven wrapper and run through {@code loomlab run --app}: the same jar
 * on platform and on virtual threads, the lab's own database behind it, its requests checked and timed before load.
 */
class OwnAppEndToEndTest {
    @TempDir
    static Path dir;
    private static Path jar;

    @BeforeAll
    static void buildTheSampleApp() throws Exception {
        jar = SampleShop.jar(dir);
    }

    /** The shop's own plan: its endpoints, cheap to expensive, and a write. */
    private static String plan() {
        return SampleShop.plan().toString();
    }

    @Test
    void theSameJarOnPlatformAndVirtualThreadsWithItsCeilingsFindingsAndSlo() throws Exception {
        Path out = dir.resolve("run");
        int exit = Loomlab.commandLine().execute(SampleShop.withStartTimeout("run", "--plan", plan(), "--app", jar.toString(), "--slo", "errors <= 0%",
                    "--vus", "16", "--warmup", "2s", "--duration", "3s", "--rounds", "1", "--pool-size", "4", "--tomcat-threads", "8",
                // Tomcat closes a connection after its 100th request by default, and requests meeting the close fail
                // to connect: the lab's own servers keep connections open as Netty does, and so does the shop here
                "--app-args=--server.tomcat.max-keep-alive-requests=-1",
                "--out", out.toString()));

        RunFolder folder = new RunFolder(RunFolders.only(out));
        Map<String, CellResult> cells = folder.readCells().stream().collect(Collectors.toMap(CellResult::label, c -> c));
        assertThat(cells).containsOnlyKeys("app-platform", "app-virtual");
        for (CellResult cell : cells.values()) {
            assertThat(cell.succeeded()).as(cell.label() + ": " + cell.failure()).isTrue();
            assertThat(cell.scenario()).isEqualTo("requests");
            assertThat(cell.errors().values().stream().mapToLong(Long::longValue).sum()).as(cell.label() + " " + cell.errors()
                    + " " + cell.metrics()).isZero();
            // S was measured before the load, and Little's law gave the ceiling from it
            assertThat(cell.serviceTimeMs()).as(cell.label()).isPositive();
            assertThat(cell.ceilingFormula()).as(cell.label()).contains("S measured at low load");
            // where its server used its cores, its CPU per request at low load is measured after the window and the CPU's
            // ceiling from it (the utilization law) bounds the cell; elsewhere it could not bound, and is not measured
            int serverCores = serverCores(cell);
            if (cell.serverCpuCores() != null && cell.serverCpuCores() >= Protocol.CPU_SATURATED * serverCores) {
                double lowLoadMs = cell.metrics().get("cpuPerRequestLowLoadMs");
                assertThat(lowLoadMs).as(cell.label()).isPositive();
                double windowMs = 1000 * cell.serverCpuCores() / cell.tps();
                // from the low-load figure where it describes the window's load, from the window's own CPU otherwise
                boolean agree = lowLoadMs <= 1.5 * windowMs && windowMs <= 1.5 * lowLoadMs;
                assertThat(cell.ceilingFormula()).as(cell.label())
                        .containsPattern("cores? / [0-9.]+ ms( CPU)? per request " + (agree ? "at low load" : "in the window"));
            } else {
                assertThat(cell.metrics()).as(cell.label()).doesNotContainKey("cpuPerRequestLowLoadMs");
            }
            assertThat(cell.findings()).as(cell.label()).isNotEmpty();
        }
        // platform threads: the lab's --tomcat-threads bound its ceiling
        assertThat(cells.get("app-platform").ceilingFormula()).contains("8 threads");
        assertThat(exit).as("exit of loomlab run --app (its lines are on the console)").isZero();
        assertThat(Files.readString(folder.root().resolve(RunFolder.SUMMARY))).contains("app-platform", "app-virtual",
                "SLO: all 2 thresholds passed");
        // What the jar's Actuator says needs its scrapes answered within the sampler's 900 ms: on a machine a quarter as
        // fast (--slow 4) one sample came of the 3 s window and no Tomcat or pool figure. Everything above is checked
        // first; a machine up to 1.5x slower (MetricSourcesRealRunTest's bound) gets no such excuse.
        if (!cells.get("app-platform").metrics().containsKey("tomcatMax")) {
            MachineSpeed.assumeAtMost(ACTUATOR_SLOWEST, "app-platform's Tomcat and pool figures (its Actuator gave none, "
                    + cells.get("app-platform").metrics().get("samples") + " samples in its window)");
        }
        // the lab's --tomcat-threads reached the jar: its Actuator says so
        assertThat(cells.get("app-platform").metrics()).containsEntry("tomcatMax", 8.0);
        // the switch reached the jar: on platform threads at most Tomcat's 8 requests were in the application at once, so
        // at most 8 awaited one of the 4 connections; on virtual threads more were, and Tomcat had no thread pool to report.
        // Not the sum of the two maxima on platform: they peak in different samples, and a sample reads one after the
        // other (a fresh clone's CI saw 9 = a request counted waiting, then holding).
        Map<String, Double> platform = cells.get("app-platform").metrics();
        Map<String, Double> virtual = cells.get("app-virtual").metrics();
        assertThat(platform.get("poolPendingMax")).isLessThanOrEqualTo(8.0);
        // More than 8 reach the pool only where the server's core lets them run: on a core kept busy (a machine half as
        // fast read 8 = 4 + 4) the other virtual threads wait for their carrier, before the pool, where no gauge counts them.
        // A core is saturated below 1.0 where the machine is slower than the reference by a CPU quota (--slow 4 read 0.275
        // of a core, and 2 in the pool): the core's share that machine gives is what it can saturate.
        CellResult virtualCell = cells.get("app-virtual");
        double saturated = Protocol.CPU_SATURATED * serverCores(virtualCell) / Math.max(1, MachineSpeed.factor());
        if (virtualCell.serverCpuCores() == null || virtualCell.serverCpuCores() < saturated) {
            assertThat(virtual.get("poolActiveMax") + virtual.get("poolPendingMax")).as("server CPU %s, saturated from %.3f (%s)", virtualCell.serverCpuCores(), saturated, MachineSpeed.describe())
                    .isGreaterThan(8.0);
        }
        assertThat(virtual).doesNotContainKey("tomcatMax");
    }

    /** As {@code MetricSourcesRealRunTest}: at --slow 2 every Actuator scrape outlasted the sampler's 900 ms there. */
    private static final double ACTUATOR_SLOWEST = 1.5;

    /** The cores the cell's server was pinned to ({@code 1}, {@code 0-1}, {@code 1,3}). */
    private static int serverCores(CellResult cell) {
        return java.util.Arrays.stream(cell.cpus().get("server").split(",")).mapToInt(r -> r.contains("-")
                ? Integer.parseInt(r.split("-")[1]) - Integer.parseInt(r.split("-")[0]) + 1 : 1).sum();
    }

    @Test
    void aCpuHeavyEndpointIsCalledCpuBoundOnBothThreadModels() throws Exception {
        // A server core of its own to run out: at --slow 2 the quota's one core in all, shared with the driver and the
        // database, left app-platform's server 0.795 of its core.
        MachineSpeed.assumeAtMost(1.5, "a CPU-bound cell's server busy on its whole core");
        // the shop's quote: 20,000 rounds of SHA-256 a request and no I/O, so eight users keep the server's core busy
        Path plan = dir.resolve("quote.yaml");
        Files.writeString(plan, """
                name: quote
                requests:
                  - name: quote
                    path: /products/{id}/quote
                    values: {id: 1..1000}
                    bodyContains: '"quote"'
                """);
        Path out = dir.resolve("quote-run");
        int exit = Loomlab.commandLine().execute(SampleShop.withStartTimeout("run", "--plan", plan.toString(), "--app", jar.toString(),
                "--vus", "8", "--warmup", "3s", "--duration", "4s", "--rounds", "1",
                "--app-args=--server.tomcat.max-keep-alive-requests=-1", "--out", out.toString()));

        assertThat(exit).isZero();
        RunFolder folder = new RunFolder(RunFolders.only(out));
        for (CellResult cell : folder.readCells()) {
            assertThat(cell.succeeded()).as(cell.label() + ": " + cell.failure()).isTrue();
            // the case is CPU-bound by construction: what the server's CPU did in the window says so first
            assertThat(cell.serverCpuCores()).as(cell.label() + " server CPU").isGreaterThanOrEqualTo(
                    Protocol.CPU_SATURATED * serverCores(cell));
        }
        assertThat(Files.readString(folder.root().resolve(RunFolder.SUMMARY)))
                .contains("CPU-bound: every model's server ran out of CPU before anything else")
                .contains("no threading model raises this capacity");
    }

    @Test
    void virtualThreadsOnABootOlderThan32AreRefusedInOneLine() throws Exception {
        Path old = dir.resolve("legacy-service.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Spring-Boot-Version", "3.1.12");
        try (OutputStream file = Files.newOutputStream(old); JarOutputStream jarFile = new JarOutputStream(file, manifest)) {
            jarFile.flush();
        }
        InProcessLab.Exit exit = InProcessLab.execute("run", "--plan", plan(), "--app", old.toString(),
                "--out", dir.resolve("old").toString());

        assertThat(exit.status()).isEqualTo(Loomlab.BAD_INPUT);
        assertThat(exit.stderr().lines().toList()).containsExactly("loomlab: app-virtual: legacy-service.jar is Spring Boot 3.1.12, and "
                + "spring.threads.virtual.enabled needs Boot 3.2+: upgrade it, or give Tomcat a virtual-thread executor yourself "
                + "(the recipe for older Boots, docs/own-service.md) and run --models app-platform");
    }

}
