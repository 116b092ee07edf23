package dev.loomlab.driver;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** A real JVM that starts, says so and sleeps: a server whose threads the compiler tests read and change. */
final class IdleJvm implements AutoCloseable {
    private final Process jvm;

    private IdleJvm(Process jvm) {
        this.jvm = jvm;
    }

    /** Starts one with the given JVM option and waits (60 s at most, a slow machine's) until its start is over. */
    static IdleJvm started(String option) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process jvm = new ProcessBuilder(java, option, "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"), "-cp", System.getProperty("java.class.path"), Main.class.getName())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        IdleJvm idle = new IdleJvm(jvm);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline && !idle.sleeping()) {
            Thread.sleep(100);
        }
        return idle;
    }

    long pid() {
        return jvm.pid();
    }

    /** Whether its {@code main} thread is asleep: its start is over. */
    private boolean sleeping() throws IOException {
        Path marker = marker(jvm.pid());
        boolean there = Files.exists(marker);
        if (there) {
            Files.delete(marker);
        }
        return there;
    }

    private static Path marker(long pid) {
        return Path.of(System.getProperty("java.io.tmpdir"), "compiler-watch-idle-" + pid);
    }

    @Override
    public void close() throws InterruptedException {
        jvm.destroyForcibly().waitFor();
    }

    public static final class Main {
        public static void main(String[] args) throws Exception {
            Files.writeString(marker(ProcessHandle.current().pid()), "started");
            Thread.sleep(Duration.ofMinutes(5));
        }
    }
}
