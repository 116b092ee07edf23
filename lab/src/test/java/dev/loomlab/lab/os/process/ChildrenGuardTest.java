package dev.loomlab.lab.os.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A child of a lab killed with SIGKILL — no shutdown hook runs — is stopped by the lab's orphan guard within
 * seconds; a lab that ends normally leaves no guard behind.
 */
class ChildrenGuardTest {

    @Test
    void aSigkilledLabsChildIsStoppedByItsGuard() throws Exception {
        Process lab = probe();
        try {
            String[] ready = readyLine(lab);
            ProcessHandle child = ProcessHandle.of(Long.parseLong(ready[1])).orElseThrow();
            ProcessHandle guard = ProcessHandle.of(Long.parseLong(ready[2])).orElseThrow();
            assertThat(child.isAlive()).isTrue();

            lab.destroyForcibly(); // SIGKILL
            assertThat(lab.waitFor(10, TimeUnit.SECONDS)).isTrue();
            long t0 = System.nanoTime();
            assertThat(child.onExit().get(10, TimeUnit.SECONDS).isAlive()).as("the child, 10 s after its lab's SIGKILL").isFalse();
            long stoppedMs = (System.nanoTime() - t0) / 1_000_000;
            assertThat(guard.onExit().get(10, TimeUnit.SECONDS).isAlive()).as("the guard, its work done").isFalse();
            System.out.println("TIMING child of a SIGKILLed lab stopped by the guard in " + stoppedMs + " ms");
        } finally {
            lab.destroyForcibly();
        }
    }

    @Test
    void aLabThatExitsStopsItsChildAndItsGuard() throws Exception {
        Process lab = probe("exit");
        try {
            String[] ready = readyLine(lab);
            // Either may be gone already by the time it is looked up: the probe exits right after saying READY.
            java.util.Optional<ProcessHandle> child = ProcessHandle.of(Long.parseLong(ready[1]));
            java.util.Optional<ProcessHandle> guard = ProcessHandle.of(Long.parseLong(ready[2]));
            assertThat(lab.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(stillAliveAfterTenSeconds(child)).as("the child").isFalse();
            assertThat(stillAliveAfterTenSeconds(guard)).as("the guard").isFalse();
        } finally {
            lab.destroyForcibly();
        }
    }

    private static boolean stillAliveAfterTenSeconds(java.util.Optional<ProcessHandle> process) throws Exception {
        return process.isPresent() && process.get().onExit().get(10, TimeUnit.SECONDS).isAlive();
    }

    private static Process probe(String... args) throws Exception {
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), ChildrenProbe.class.getName()));
        command.addAll(java.util.List.of(args));
        return new ProcessBuilder(command)
                .redirectErrorStream(true).start();
    }

    private static String[] readyLine(Process lab) throws Exception {
        return CompletableFuture.supplyAsync(() -> {
            BufferedReader out = new BufferedReader(new InputStreamReader(lab.getInputStream(), StandardCharsets.UTF_8));
            try {
                for (String line; (line = out.readLine()) != null; ) {
                    if (line.startsWith("READY ")) {
                        return line.split(" ");
                    }
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            throw new IllegalStateException("the probe exited without READY");
        }).get(60, TimeUnit.SECONDS);
    }
}
