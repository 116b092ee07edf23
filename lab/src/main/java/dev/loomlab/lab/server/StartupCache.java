package dev.loomlab.lab.server;

import dev.loomlab.lab.catalog.LabHome;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.os.process.Children;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * What a server's JVM keeps from one start to the next, so that it does not load, verify and link
 * Spring's classes anew for every cell: the server's jar extracted once onto a plain class path (classes
 * inside a Boot fat jar are loaded by Boot's own class loader, which no JDK cache can serve) and an archive
 * of its classes recorded by one training start, then reused by every start of that jar on that JDK: an
 * ahead-of-time cache (JEP 483, 514, 515) on JDK 25+, a dynamic class-data sharing archive (JEP 350) before
 * it. Kept under {@code .loomlab/startup-cache/}, one folder per jar content and JDK build, so a rebuilt jar
 * or another JDK gets its own.
 *
 * <p>It changes how fast a server starts, not what it does once started: the same classes, the same
 * heap and flags. The archive holds classes only, loaded and linked: method profiles recorded in a
 * start that serves no request would steer the JIT's first compilations by a start-up's profile
 * rather than by the cell's load, and measured they did change what a cell reports (mvc-platform's
 * {@code thread-name} TPS and bytes per request), which a start-up aid must not.
 *
 * @param extractedJar the jar to start: its classes and libraries on a plain class path
 * @param archive      the archive of its classes, present once trained
 * @param format       which of the JDK's archives it is
 */
public record StartupCache(Path extractedJar, Path archive, Format format) {
    /** The first JDK with the AOT cache made in one step ({@code -XX:AOTCacheOutput}, JEP 514). */
    public static final int AOT_FEATURE = 25;

    /** The JDK's archive of loaded classes a start records and later starts map. */
    public enum Format {
        /** The ahead-of-time cache, classes only ({@code -XX:-AOTRecordTraining}: no method profiles). */
        AOT(".aot"),
        /** The dynamic class-data sharing archive, which holds classes and never profiles. */
        CDS(".jsa");

        private final String suffix;

        Format(String suffix) {
            this.suffix = suffix;
        }

        /** The archive {@code jdk} records: an AOT cache where it has one, else a class-data sharing archive. */
        public static Format of(Jdk jdk) {
            return jdk.feature() >= AOT_FEATURE ? AOT : CDS;
        }

        /** The JVM option that starts from {@code archive}. */
        String use(Path archive) {
            return (this == AOT ? "-XX:AOTCache=" : "-XX:SharedArchiveFile=") + archive;
        }

        /** The JVM options that record the archive into {@code output} as the JVM exits. */
        List<String> record(Path output) {
            return this == AOT ? List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:-AOTRecordTraining", "-XX:AOTCacheOutput=" + output)
                    : List.of("-XX:ArchiveClassesAtExit=" + output);
        }
    }
    private static final Duration TRAINING_TIMEOUT = Duration.ofSeconds(180);

    /** Where the caches live in a checkout. */
    public static Path root() {
        return LabHome.root().resolve(".loomlab").resolve("startup-cache");
    }

    /**
     * The cache of {@code jar} on {@code jdk} under {@code root}, extracting the jar on first use; empty
     * where there is none to have: a jar that is not a Spring Boot fat jar, or one that could not be extracted.
     *
     * @param recording whether the server runs with a flight recording (a cache is for one or the other)
     */
    public static Optional<StartupCache> of(Path jar, Jdk jdk, boolean recording, Path root) {
        Optional<FatJar> fat = FatJar.read(jar).filter(FatJar::boot);
        if (fat.isEmpty()) {
            return Optional.empty();
        }
        Format format = Format.of(jdk);
        String name = jar.getFileName().toString().replaceFirst("\\.jar$", "");
        Path dir = root.resolve(name + "-" + fat.get().contentDigest().substring(0, 16) + "-jdk" + jdk.version().replaceAll("[^0-9A-Za-z.+_-]", "_"));
        // Named for what they hold: caches recorded with method profiles (server*.aot) are never picked up again.
        Path archive = dir.resolve((recording ? "classes-jfr" : "classes") + format.suffix);
        if (Files.isRegularFile(failed(archive))) {
            // A training that failed once fails again: the server starts as it always did.
            return Optional.empty();
        }
        Path extracted = dir.resolve("app").resolve(jar.getFileName());
        if (!Files.isRegularFile(extracted) && !fat.get().extract(jdk, dir)) {
            return Optional.empty();
        }
        return Optional.of(new StartupCache(extracted, archive, format));
    }

    /**
     * The cache of a plain jar, started as it is with {@code -jar} (its classes and its manifest's class path read by the
     * JDK's own loader, which the cache serves directly): nothing to extract. Its name covers the jars of its class path
     * too, by size and time, as the JVM checks them: a rebuilt library gets a new cache rather than one the JVM refuses.
     */
    public static Optional<StartupCache> ofPlainJar(Path jar, Jdk jdk, Path root) {
        if (jdk.feature() < AOT_FEATURE || !Files.isRegularFile(jar)) {
            return Optional.empty();
        }
        String name = jar.getFileName().toString().replaceFirst("\\.jar$", "");
        Path dir = root.resolve(name + "-" + classPathDigest(jar).substring(0, 16) + "-jdk" + jdk.version().replaceAll("[^0-9A-Za-z.+_-]", "_"));
        Path aot = dir.resolve("classes" + Format.AOT.suffix);
        return Files.isRegularFile(failed(aot)) ? Optional.empty() : Optional.of(new StartupCache(jar, aot, Format.AOT));
    }

    /** The jar's content and, by name, size and modification time, the jars its manifest puts on the class path. */
    private static String classPathDigest(Path jar) {
        StringBuilder key = new StringBuilder(Sha256.of(jar));
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            String classPath = manifest == null ? null : manifest.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
            for (String entry : classPath == null ? new String[0] : classPath.trim().split("\\s+")) {
                Path lib = jar.resolveSibling(entry);
                key.append('|').append(entry);
                if (Files.isRegularFile(lib)) {
                    key.append(':').append(Files.size(lib)).append(':').append(Files.getLastModifiedTime(lib).toMillis());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the class path of " + jar, e);
        }
        return Sha256.of(key.toString().getBytes(StandardCharsets.UTF_8));
    }

    public boolean trained() {
        return Files.isRegularFile(archive);
    }

    /** The arguments that start the server from the cache, in place of {@code -jar FATJAR}. */
    public List<String> launch() {
        List<String> args = new ArrayList<>();
        if (trained()) {
            args.add(format.use(archive));
        }
        args.addAll(List.of("-jar", extractedJar.toString()));
        return args;
    }

    /**
     * The arguments of the training start: the application context is built (every bean, every
     * class Spring loads at start) and the JVM exits, writing the cache; no port, no load, no database call.
     * It records classes, not method profiles (see the type's comment).
     */
    List<String> training() {
        List<String> args = new ArrayList<>(recording());
        args.addAll(List.of("-Dspring.context.exit=onRefresh", "-jar", extractedJar.toString()));
        return args;
    }

    /** The JVM options that record the archive, classes only, as the JVM exits (the application's own arguments follow them). */
    public List<String> recording() {
        return format.record(pending());
    }

    /**
     * Runs {@code command} (the server's own, with {@link #training()} in place of the jar) once; the cache
     * is in place only if the training exited cleanly and wrote it. A failed training is remembered with its log.
     */
    public void train(List<String> command, Map<String, String> environment) {
        Path log = archive.resolveSibling(archive.getFileName() + ".training.log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        Process process = null;
        try {
            process = Children.track(builder.start());
            if (!process.waitFor(TRAINING_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                Children.stop(process, Duration.ofSeconds(5));
            }
            if (process.isAlive() || process.exitValue() != 0 || !Files.isRegularFile(pending())) {
                Files.move(log, failed(archive), StandardCopyOption.REPLACE_EXISTING);
                Files.deleteIfExists(pending());
                return;
            }
            Files.move(pending(), archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot train the start-up cache in " + archive.getParent(), e);
        } catch (InterruptedException e) {
            // An interrupted training (its start given up): its server stops with it, its half-written cache is dropped.
            if (process != null) {
                Children.stop(process, Duration.ofSeconds(5));
            }
            try {
                Files.deleteIfExists(pending());
            } catch (IOException ignored) {
                // the next training writes it afresh
            }
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while training the start-up cache", e);
        }
    }

    /** The log of a training that failed: while it is there, the jar starts without a cache. */
    static Path failed(Path archive) {
        return archive.resolveSibling(archive.getFileName() + ".training-failed.log");
    }

    /** Written here first and moved into place whole: a start never sees a half-written cache. */
    private Path pending() {
        return archive.resolveSibling(archive.getFileName() + ".pending-" + ProcessHandle.current().pid());
    }
}
