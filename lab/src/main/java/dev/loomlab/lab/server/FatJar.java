package dev.loomlab.lab.server;

import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.os.process.Children;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Collections;
import java.util.Comparator;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * What a start needs to know of a jar, read from its zip directory in one pass (every start ahead asks): whether it
 * is a Spring Boot fat jar, whether it has Boot's tools jar mode, and its {@link #contentDigest}; and the jar
 * extracted onto a plain class path for its {@link StartupCache}.
 */
record FatJar(Path jar, boolean boot, boolean toolsJarMode, String contentDigest) {
    /** Empty when the jar cannot be read as a zip: it then has no cache. */
    static Optional<FatJar> read(Path jar) {
        boolean boot = false;
        boolean toolsJarMode = false;
        StringBuilder entries = new StringBuilder();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (ZipEntry e : Collections.list(zip.entries())) {
                boot |= e.getName().startsWith(ExplodedBootJar.CLASSES);
                toolsJarMode |= e.getName().startsWith("BOOT-INF/lib/spring-boot-jarmode-tools-") && e.getName().endsWith(".jar");
                entries.append(e.getName()).append('\0').append(e.getSize()).append('\0')
                        .append(Long.toHexString(e.getCrc())).append('\n');
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.of(new FatJar(jar, boot, toolsJarMode, Sha256.of(entries.toString().getBytes(StandardCharsets.UTF_8))));
    }

    /**
     * What a fat jar holds, entry by entry (name, size, CRC), rather than its bytes: a rebuild of the same classes
     * writes every entry with a new time (a Kotlin build recompiles them all), and a cache named by the bytes was
     * recorded anew, a whole training start, on every build. The cache serves the jar's extracted copy, so the fat
     * jar's own times are nothing the JVM checks.
     */
    static String contentDigest(Path jar) {
        return read(jar).orElseThrow(() -> new UncheckedIOException(new IOException("cannot read " + jar))).contentDigest();
    }

    /**
     * The jar extracted into {@code dir}{@code /app}, moved into place whole (another run may be extracting too): by
     * Boot's own tools jar mode where the jar has it (Boot 3.3+), else unpacked as Boot 2.7 lays it out
     * ({@link ExplodedBootJar}); false, the log kept, when it could not be.
     */
    boolean extract(Jdk jdk, Path dir) {
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempDirectory(dir, "extracting-");
            boolean extracted;
            if (toolsJarMode) {
                Process process = Children.track(new ProcessBuilder(jdk.java().toString(), "-Djarmode=tools", "-jar", jar.toString(),
                        "extract", "--destination", tmp.toString()).redirectErrorStream(true)
                        .redirectOutput(tmp.resolveSibling("extract.log").toFile()).start());
                extracted = process.waitFor(60, TimeUnit.SECONDS) && process.exitValue() == 0;
                Children.stop(process, Duration.ofSeconds(5));
            } else {
                extracted = ExplodedBootJar.unpack(jar, tmp);
            }
            if (!extracted) {
                delete(tmp);
                return false;
            }
            try {
                Files.move(tmp, dir.resolve("app"), StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException | DirectoryNotEmptyException other) {
                delete(tmp);
            }
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot extract " + jar, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while extracting " + jar, e);
        }
    }

    private static void delete(Path tree) throws IOException {
        try (Stream<Path> paths = Files.walk(tree)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
