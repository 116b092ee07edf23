package dev.loomlab.server.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.DataInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * `java -jar` on an old JDK must reach the launcher's check, and the check must refuse: for a
 * server whose launcher is compiled for release 17 and exits with {@code exitOldJdk} below JDK 21.
 */
public abstract class OldJdkLauncherTest {
    /** A JDK older than 21 to try, e.g. this machine's default; override with -Dloomlab.test.oldJava=... */
    private static final Path OLD_JAVA = Path.of(System.getProperty("loomlab.test.oldJava",
            "/usr/lib/jvm/java-17-openjdk-amd64/bin/java"));

    private final Class<?> launcher;
    private final int exitOldJdk;

    /** The server's {@code Launcher} class and its {@code EXIT_OLD_JDK}. */
    protected OldJdkLauncherTest(Class<?> launcher, int exitOldJdk) {
        this.launcher = launcher;
        this.exitOldJdk = exitOldJdk;
    }

    @Test
    void theLauncherLoadsOnJdk17() throws Exception {
        try (InputStream in = launcher.getResourceAsStream(launcher.getSimpleName() + ".class")) {
            DataInputStream data = new DataInputStream(in);
            assertThat(data.readInt()).isEqualTo(0xCAFEBABE);
            data.readUnsignedShort();
            assertThat(data.readUnsignedShort()).as("class-file major version").isLessThanOrEqualTo(61);
        }
    }

    @Test
    void anOldJdkIsRefusedWithAClearMessage() throws Exception {
        assumeTrue(Files.isExecutable(OLD_JAVA), "no old JDK at " + OLD_JAVA);
        Path classes = Path.of(launcher.getProtectionDomain().getCodeSource().getLocation().toURI());
        Process p = new ProcessBuilder(OLD_JAVA.toString(), "-cp", classes.toString(), launcher.getName())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(p.exitValue()).isEqualTo(exitOldJdk);
        assertThat(out).contains("needs JDK 21 or newer").doesNotContain("Exception");
    }
}
