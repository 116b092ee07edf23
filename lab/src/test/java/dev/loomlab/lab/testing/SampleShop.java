package dev.loomlab.lab.testing;

import dev.loomlab.lab.catalog.LabHome;
import dev.loomlab.lab.settings.Defaults;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * samples/shop, a Spring Boot service that knows nothing of loomlab (its own pom, JDBC on PostgreSQL), built with the
 * checkout's Maven wrapper when its jar is older than its sources.
 */
public final class SampleShop {
    private SampleShop() {
    }

    /** The shop's own plan: its endpoints, cheap to expensive, and a write. */
    public static Path plan() {
        return LabHome.root().resolve("samples/shop/shop.yaml");
    }

    /**
     * {@code args} and the flag that gives the shop's server as long to start as this machine needs: the lab's default (120 s) holds a
     * Spring Boot start with room on the reference machine, but at a quarter of its speed the shop came past it once.
     */
    public static String[] withStartTimeout(String... args) {
        String[] all = Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--server-start-timeout";
        all[args.length + 1] = MachineSpeed.scaled(Defaults.SERVER_START_TIMEOUT).toSeconds() + "s";
        return all;
    }

    /** The shop's jar, built first if its sources are newer; the build's output goes to {@code scratch/build.log}. */
    public static synchronized Path jar(Path scratch) throws IOException, InterruptedException {
        Path project = LabHome.root().resolve("samples/shop");
        Path jar = project.resolve("target/shop.jar");
        if (Files.isRegularFile(jar) && Files.getLastModifiedTime(jar).compareTo(newestSource(project)) > 0) {
            return jar;
        }
        // its first build downloads Spring Boot's plugins from Maven Central; later ones find them in the local repository
        List<String> command = List.of(LabHome.root().resolve("mvnw").toString(), "-B", "-ntp", "-q", "-f",
                project.resolve("pom.xml").toString(), "package", "-DskipTests");
        Path log = scratch.resolve("build.log");
        ProcessBuilder build = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        build.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = build.start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IllegalStateException("the sample shop's build took over 10 minutes: " + log);
        }
        if (p.exitValue() != 0) {
            throw new IllegalStateException("the sample shop's build failed: " + Files.readString(log));
        }
        return jar;
    }

    private static FileTime newestSource(Path project) throws IOException {
        try (Stream<Path> files = Stream.concat(Stream.of(project.resolve("pom.xml")), Files.walk(project.resolve("src")))) {
            return files.filter(Files::isRegularFile).map(f -> {
                try {
                    return Files.getLastModifiedTime(f);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).max(FileTime::compareTo).orElseThrow();
        }
    }
}
