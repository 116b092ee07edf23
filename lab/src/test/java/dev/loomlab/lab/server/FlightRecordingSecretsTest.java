package dev.loomlab.lab.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.jdk.Jdk;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server's flight recording holds none of what a user hands the server: its arguments (a jar's appArgs), its system
 * properties, its environment. Checked on a real recording of a real JVM, every event's every field read back.
 */
class FlightRecordingSecretsTest {
    private static final String SECRET = "s3cr3t-in-a-recording";

    @Test
    void argumentsSystemPropertiesAndEnvironmentAreInNoEventOfTheRecording(@TempDir Path dir) throws Exception {
        Path main = dir.resolve("Serve.java");
        Files.writeString(main, "class Serve { public static void main(String[] a) throws Exception { Thread.sleep(1500); } }");
        Path recording = dir.resolve("server.jfr");
        List<String> command = new ArrayList<>(List.of(Jdk.current().java().toString(), ServerLaunch.flightRecording(recording),
                "-Dspring.datasource.password=" + SECRET, main.toString(), "--spring.datasource.password=" + SECRET));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile());
        builder.environment().put("API_KEY", SECRET);
        Process server = builder.start();
        assertThat(server.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(server.exitValue()).as(Files.readString(dir.resolve("out.txt"))).isZero();

        List<RecordedEvent> events = RecordingFile.readAllEvents(recording);
        assertThat(events).as("a recording was written").isNotEmpty();
        List<String> holding = events.stream().filter(e -> e.toString().contains(SECRET)).map(e -> e.getEventType().getName())
                .distinct().toList();
        assertThat(holding).as("events holding the secret").isEmpty();
        // and the file itself, its constant pools included
        assertThat(new String(Files.readAllBytes(recording), java.nio.charset.StandardCharsets.ISO_8859_1)).doesNotContain(SECRET);
    }
}
