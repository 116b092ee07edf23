package dev.loomlab.server.legacy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loomlab.database.DatabaseEndpoint;
import dev.loomlab.database.SharedDatabases;
import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.ThreadKind;
import dev.loomlab.scenario.ThreadNames;
import dev.loomlab.scenario.verify.ContractVerifier;
import dev.loomlab.scenario.verify.Verification;
import dev.loomlab.server.shared.ServerLauncher;
import dev.loomlab.server.testkit.ClearedSystemProperty;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The legacy model runs where it claims to: on JDK 17 (the tests themselves run on the build JDK),
 * and legacy-virtual refuses JDK 17 in one line instead of serving platform threads under its name.
 */
class LauncherTest {
    /** Debian's OpenJDK 17, the default java on this machine kind. */
    static final Path JDK17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64");
    private static final Pattern READY = Pattern.compile("loomlab-ready (http://\\S+)");

    @RegisterExtension
    final ClearedSystemProperty carriers = new ClearedSystemProperty(ServerLauncher.CARRIERS);

    @Test
    void carriersAreAtLeastFourAsOnTheMvcServer() {
        ServerLauncher.defaultCarriers();

        assertThat(System.getProperty(ServerLauncher.CARRIERS))
                .isEqualTo(String.valueOf(Math.max(Runtime.getRuntime().availableProcessors(), 4)));
    }

    @Test
    void legacyServesTheContractOnJdk17() throws Exception {
        assumeTrue(Files.isExecutable(JDK17.resolve("bin/java")), "no JDK 17 at " + JDK17);
        Process server = launchOnJdk17(false);
        try {
            String url = awaitReady(server, Duration.ofSeconds(90));
            Verification v = new ContractVerifier().verify(url);

            assertThat(v.failures()).isEmpty();
            assertThat(v.threadKind(ThreadNames.ofThisModule())).isEqualTo(ThreadKind.PLATFORM_POOL);
        } finally {
            server.destroy();
            server.waitFor(30, TimeUnit.SECONDS);
            server.destroyForcibly();
        }
    }

    @Test
    void legacyVirtualRefusesJdk17InOneLine() throws Exception {
        assumeTrue(Files.isExecutable(JDK17.resolve("bin/java")), "no JDK 17 at " + JDK17);
        Process server = launchOnJdk17(true);
        try {
            String output = new String(server.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(server.waitFor(60, TimeUnit.SECONDS)).isTrue();

            assertThat(server.exitValue()).isEqualTo(ServerLauncher.EXIT_OLD_JDK);
            assertThat(output.strip()).startsWith("loomlab server model=legacy-virtual refuses to start: it needs JDK 21")
                    .doesNotContain("Exception");
        } finally {
            server.destroyForcibly();
        }
    }

    /**
     * The server's main classes (release 17) plus its dependencies; the loomlab test modules
     * (release 21) are left off, as they are in the jar.
     */
    private static Process launchOnJdk17(boolean virtual) throws Exception {
        DatabaseEndpoint db = SharedDatabases.get(Dialect.POSTGRES);
        List<String> classpath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.contains("test-classes") && !entry.matches(".*loomlab-(scenario|database|server-testkit).*")
                    && !entry.matches(".*/(scenario|database|servers/testkit)/target/classes.*")) {
                classpath.add(entry);
            }
        }
        ProcessBuilder builder = new ProcessBuilder(JDK17.resolve("bin/java").toString(), "-Xmx256m",
                "-cp", String.join(File.pathSeparator, classpath), Launcher.class.getName(),
                "--server.port=0", "--loomlab.pool-size=2", "--spring.threads.virtual.enabled=" + virtual)
                .redirectErrorStream(true);
        builder.environment().put("SPRING_DATASOURCE_URL", db.jdbcUrl());
        builder.environment().put("SPRING_DATASOURCE_USERNAME", db.user());
        builder.environment().put("SPRING_DATASOURCE_PASSWORD", db.password());
        return builder.start();
    }

    private static String awaitReady(Process server, Duration timeout) throws Exception {
        StringBuilder seen = new StringBuilder();
        long deadline = System.nanoTime() + timeout.toNanos();
        var in = server.getInputStream();
        byte[] buffer = new byte[8192];
        while (System.nanoTime() < deadline && server.isAlive()) {
            if (in.available() > 0) {
                int n = in.read(buffer);
                seen.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
                Matcher m = READY.matcher(seen);
                if (m.find()) {
                    return m.group(1);
                }
            } else {
                Thread.sleep(50);
            }
        }
        throw new AssertionError("not ready on JDK 17 within " + timeout.toSeconds() + " s:\n" + seen);
    }
}
