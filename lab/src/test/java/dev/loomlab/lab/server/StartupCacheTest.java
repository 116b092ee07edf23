package dev.loomlab.lab.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.loomlab.database.DatabaseEndpoint;
import dev.loomlab.lab.catalog.LabHome;
import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.jdk.ServerJdks;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.os.Taskset;
import dev.loomlab.lab.os.process.Children;
import dev.loomlab.scenario.Dialect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server jar's start-up cache on the real JDKs and the real server jars: recorded by one training
 * start, reused by every later launch, taken by the JDK (an AOT cache on JDK 25+, a class-data sharing
 * archive before it); none at all where the jar is not Boot's.
 */
class StartupCacheTest {
    /** Nothing listens here: a training builds the application context and exits without a database call. */
    private static final DatabaseEndpoint NO_DATABASE = new DatabaseEndpoint(Dialect.POSTGRES, "jdbc:postgresql://127.0.0.1:1/none",
            "r2dbc:postgresql://127.0.0.1:1/none", "none", "none");

    @TempDir
    Path caches;

    private static ServerSpec spec(Jdk jdk, Path log) {
        return spec("mvc-virtual", jdk, log);
    }

    private static ServerSpec spec(String model, Jdk jdk, Path log) {
        return new ServerSpec(Model.byId(model), jdk, "256m", 10, NO_DATABASE,
                CpuLayout.forCores(Taskset.machineCores(), Taskset.available()), 0, log, null,
                Duration.ofSeconds(60), List.of(), null, List.of());
    }

    private ServerLaunch launch(Jdk jdk) {
        return ServerLaunch.of(spec(jdk, caches.resolve("server.log")), LabHome::serverJar,
                (jar, on, recording) -> StartupCache.of(jar, on, recording, caches));
    }

    private ServerLaunch launch(String model, Jdk jdk) {
        return ServerLaunch.of(spec(model, jdk, caches.resolve("server.log")), LabHome::serverJar,
                (jar, on, recording) -> StartupCache.of(jar, on, recording, caches));
    }

    @Test
    void aJarThatIsNotBootsHasNoCacheAndStartsAsItIs() throws Exception {
        Path plain = caches.resolve("plain.jar");
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(plain))) {
            out.putNextEntry(new java.util.zip.ZipEntry("dev/example/Main.class"));
            out.closeEntry();
        }
        assertThat(StartupCache.of(plain, Jdk.current(), true, caches)).isEmpty();
        try (Stream<Path> files = Files.list(caches)) {
            assertThat(files).containsExactly(plain);
        }
    }

    @Test
    void aServerJarRebuiltFromTheSameClassesKeepsItsCacheAndOneWithAClassChangedGetsItsOwn() throws Exception {
        Path built = LabHome.serverJar(Model.byId("mvc-virtual"));
        // A rebuild writes the same entries with new times (as every Kotlin build does): other bytes, the same classes.
        Path rebuilt = Files.createDirectories(caches.resolve("rebuilt")).resolve(built.getFileName());
        copyEntries(built, rebuilt, Map.of());
        assertThat(Files.mismatch(built, rebuilt)).as("the rebuilt jar's bytes differ").isNotEqualTo(-1L);
        Path changed = Files.createDirectories(caches.resolve("changed")).resolve(built.getFileName());
        copyEntries(built, changed, Map.of("BOOT-INF/classes/dev/loomlab/Added.class", new byte[] {(byte) 0xCA, (byte) 0xFE}));

        Path cache = StartupCache.of(built, Jdk.current(), true, caches).orElseThrow().archive();
        assertThat(StartupCache.of(rebuilt, Jdk.current(), true, caches).orElseThrow().archive()).isEqualTo(cache);
        assertThat(FatJar.contentDigest(changed)).isNotEqualTo(FatJar.contentDigest(built));
    }

    /** {@code from}'s entries, each written anew a day later, and {@code added} after them. */
    private static void copyEntries(Path from, Path to, Map<String, byte[]> added) throws Exception {
        long later = System.currentTimeMillis() + TimeUnit.DAYS.toMillis(1);
        try (var in = new java.util.zip.ZipFile(from.toFile());
             var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(to))) {
            for (var entries = in.entries(); entries.hasMoreElements(); ) {
                java.util.zip.ZipEntry entry = entries.nextElement();
                java.util.zip.ZipEntry copy = new java.util.zip.ZipEntry(entry.getName());
                copy.setMethod(entry.getMethod());
                if (entry.getMethod() == java.util.zip.ZipEntry.STORED) {
                    // Boot reads its libraries in place: they stay stored, with their sizes and CRC given up front.
                    copy.setSize(entry.getSize());
                    copy.setCompressedSize(entry.getCompressedSize());
                    copy.setCrc(entry.getCrc());
                }
                copy.setTime(later);
                out.putNextEntry(copy);
                try (var data = in.getInputStream(entry)) {
                    data.transferTo(out);
                }
                out.closeEntry();
            }
            for (Map.Entry<String, byte[]> extra : added.entrySet()) {
                out.putNextEntry(new java.util.zip.ZipEntry(extra.getKey()));
                out.write(extra.getValue());
                out.closeEntry();
            }
        }
    }

    @Test
    void beforeJdk25TheBoot27ServerStartsFromAClassDataSharingArchiveRecordedOnceAndTheJdkMapsIt() throws Exception {
        ServerJdks jdks = ServerJdks.discover();
        assumeThat(jdks.found()).as("JDK 17, the legacy server's").containsKey(17);
        Jdk jdk17 = jdks.get(17);

        ServerLaunch first = launch("legacy", jdk17);
        assertThat(first.training()).isPresent();
        StartupCache cache = first.training().get().cache();
        assertThat(cache.format()).isEqualTo(StartupCache.Format.CDS);
        // Boot 2.7 has no tools jar mode: unpacked by the lab, the fat jar's classes in a jar of the same name
        assertThat(cache.extractedJar().getFileName()).isEqualTo(LabHome.serverJar(Model.byId("legacy")).getFileName());
        assertThat(cache.extractedJar().resolveSibling("lib")).isDirectoryContaining(p -> p.getFileName().toString().startsWith("spring-boot-2.7"));
        assertThat(first.command()).containsSubsequence("-jar", cache.extractedJar().toString())
                .noneMatch(a -> a.startsWith("-XX:SharedArchiveFile"));
        // the training builds the context and exits (Boot 2.7 is taught Boot 3's spring.context.exit), with no database
        cache.train(first.training().get().command(), first.environment());
        Path trainingLog = cache.archive().resolveSibling(cache.archive().getFileName() + ".training.log");
        assertThat(cache.archive()).as("the training's log: " + trainingLog).isNotEmptyFile();
        // it exits before its web server binds: a driver watching the cell's port must not see it open and close
        assertThat(Files.readString(trainingLog)).doesNotContain("Tomcat started on port").doesNotContain("loomlab-ready");
        FileTime recorded = Files.getLastModifiedTime(cache.archive());

        ServerLaunch second = launch("legacy", jdk17);
        assertThat(second.training()).isEmpty();
        assertThat(second.command()).isEqualTo(launch("legacy", jdk17).command()).contains("-XX:SharedArchiveFile=" + cache.archive());
        assertThat(Files.getLastModifiedTime(cache.archive())).isEqualTo(recorded);

        // -Xshare:on: the JVM refuses to start rather than run without an archive it cannot map; Spring's classes
        // come from the archive ("shared objects file (top)" is the dynamic archive), not from the jars
        List<String> strict = new ArrayList<>(second.command());
        strict.addAll(1, List.of("-Xshare:on", "-Xlog:class+load=info", "-Dspring.context.exit=onRefresh"));
        Path log = caches.resolve("strict.log");
        assertThat(runToExit(strict, second.environment(), log).exitValue()).as(Files.readString(log)).isZero();
        assertThat(Files.readAllLines(log)).anyMatch(l -> l.contains("org.springframework.boot.SpringApplication source: shared objects file (top)"));
    }

    @Test
    void theCacheIsRecordedOnceThenReusedAndTheJdkTakesIt() throws Exception {
        Jdk jdk = Jdk.current();
        assumeThat(jdk.feature()).as("an AOT cache needs JDK " + StartupCache.AOT_FEATURE + "+").isGreaterThanOrEqualTo(StartupCache.AOT_FEATURE);

        ServerLaunch first = launch(jdk);
        assertThat(first.training()).isPresent();
        StartupCache cache = first.training().get().cache();
        assertThat(first.command()).containsSubsequence("-jar", cache.extractedJar().toString())
                .noneMatch(a -> a.startsWith("-XX:AOTCache"));
        cache.train(first.training().get().command(), first.environment());
        assertThat(cache.archive()).isNotEmptyFile();
        FileTime recorded = Files.getLastModifiedTime(cache.archive());

        ServerLaunch second = launch(jdk);
        ServerLaunch third = launch(jdk);

        assertThat(second.training()).isEmpty();
        assertThat(third.command()).isEqualTo(second.command()).contains("-XX:AOTCache=" + cache.archive());
        assertThat(Files.getLastModifiedTime(cache.archive())).isEqualTo(recorded);
        // With AOTMode=on the JVM refuses to start rather than ignore a cache it cannot use.
        List<String> strict = new ArrayList<>(second.command());
        strict.add(1, "-XX:AOTMode=on");
        strict.add(2, "-Dspring.context.exit=onRefresh");
        Path log = caches.resolve("strict.log");
        assertThat(runToExit(strict, second.environment(), log).exitValue()).as(Files.readString(log)).isZero();
    }

    @Test
    void theCacheHoldsClassesButNoMethodProfilesThatWouldSteerTheJit() throws Exception {
        Jdk jdk = Jdk.current();
        assumeThat(jdk.feature()).as("an AOT cache needs JDK " + StartupCache.AOT_FEATURE + "+").isGreaterThanOrEqualTo(StartupCache.AOT_FEATURE);
        ServerLaunch first = launch(jdk);
        StartupCache cache = first.training().orElseThrow().cache();
        cache.train(first.training().get().command(), first.environment());

        // The JDK prints what training data the cache carries: a profiled cache lists tens of
        // thousands of methods and classes under the dictionary's heading, this one none.
        List<String> printed = new ArrayList<>(launch(jdk).command());
        printed.addAll(1, List.of("-XX:AOTMode=on", "-XX:+UnlockDiagnosticVMOptions", "-XX:+AOTPrintTrainingInfo",
                "-Dspring.context.exit=onRefresh"));
        Path log = caches.resolve("training-info.log");
        runToExit(printed, first.environment(), log);

        List<String> lines = Files.readAllLines(log);
        assertThat(lines).as("the JDK read the cache and printed its training data").contains("Archived TrainingData Dictionary");
        assertThat(lines).as("method or class training records").noneMatch(l -> l.matches("^  (C |\\d+: 0x).*"));
    }

    /** Starts the JVM {@code command} with its output in {@code log}, and asserts it exits within two minutes. */
    private static Process runToExit(List<String> command, Map<String, String> environment, Path log) throws Exception {
        // the server's temporary folder, as ServerProcess makes it before a start
        for (String argument : command) {
            if (argument.startsWith("-Djava.io.tmpdir=")) {
                Files.createDirectories(Path.of(argument.substring("-Djava.io.tmpdir=".length())));
            }
        }
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        Process jvm = Children.track(builder.start());
        boolean exited = jvm.waitFor(120, TimeUnit.SECONDS);
        Children.stop(jvm, Duration.ofSeconds(5));
        assertThat(exited).isTrue();
        return jvm;
    }
}
