package dev.loomlab.lab.faults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;

/** Finding, signalling and awaiting the real processes a fault test is about — by PID only. */
final class Processes {
    private Processes() {
    }

    static String commandLine(ProcessHandle p) {
        return p.info().commandLine().orElse(String.join(" ", p.info().arguments().map(List::of).orElse(List.of())));
    }

    /** Waits for a live descendant of {@code root} whose command line matches. */
    static ProcessHandle awaitDescendant(ProcessHandle root, Predicate<String> command, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            // A child forked but not yet exec'd still shows its parent's command line: the lab's, whose class path names
            // every server jar. It is not the process looked for. The root's command line is read again each time: a lab
            // started through env(1) is env's until env execs it, and a child then showed the lab's class path, not env's.
            String rootCommand = commandLine(root);
            Optional<ProcessHandle> found = root.descendants().filter(ProcessHandle::isAlive)
                    .filter(p -> { String c = commandLine(p); return !c.equals(rootCommand) && command.test(c); }).findFirst();
            if (found.isPresent()) {
                return found.get();
            }
            sleep(100);
        }
        throw new AssertionError("no process matching the expected command line appeared within " + timeout);
    }

    /**
     * Waits for a cell's load to run: the lab has opened its driver's start gate. The driver's process says less: it is
     * started with the server, and connects as soon as the server's port accepts, before the server is ready and its
     * contract checked. The gate is a file beside the driver's request ({@code x-request.json} → {@code x-start}), there
     * from the load's start to its end. A driver recording its start-up cache (once per build) loads only the lab's
     * own endpoint and is passed over.
     */
    static ProcessHandle awaitLoadRunning(ProcessHandle root, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            ProcessHandle driver = awaitDescendant(root, c -> c.contains("loomlab-driver.jar") && !c.contains("-XX:AOTCacheOutput"),
                    Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            String command = commandLine(driver);
            String request = command.substring(command.indexOf("--request") + "--request".length()).trim().split("\\s+")[0];
            Path startGate = Path.of(request.replaceFirst("-request\\.json$", "-start"));
            while (driver.isAlive() && !Files.exists(startGate)) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("the driver " + driver.pid() + " was not told to start its load within " + timeout);
                }
                sleep(50);
            }
            if (Files.exists(startGate)) {
                return driver;
            }
        }
    }

    /** Every live process on the machine whose command line mentions {@code text} (a folder only this test made). */
    static List<ProcessHandle> mentioning(String text) {
        try (Stream<ProcessHandle> all = ProcessHandle.allProcesses()) {
            return all.filter(ProcessHandle::isAlive).filter(p -> commandLine(p).contains(text)).toList();
        }
    }

    static void signal(long pid, String signal) throws IOException, InterruptedException {
        int exit = new ProcessBuilder("kill", "-" + signal, String.valueOf(pid)).inheritIO().start().waitFor();
        if (exit != 0) {
            throw new AssertionError("kill -" + signal + " " + pid + " exited " + exit);
        }
    }

    /** The PIDs still alive after waiting up to {@code timeout} for all of them to end. */
    static List<Long> stillAliveAfter(List<ProcessHandle> processes, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline && processes.stream().anyMatch(ProcessHandle::isAlive)) {
            sleep(100);
        }
        List<Long> alive = new ArrayList<>();
        processes.stream().filter(ProcessHandle::isAlive).forEach(p -> alive.add(p.pid()));
        return alive;
    }

    /** The local addresses a process listens on (TCP), from iproute2's ss. */
    static List<String> listeningAddresses(long pid) {
        List<String> addresses = new ArrayList<>();
        for (String line : ss("-H", "-ltnp").lines().toList()) {
            if (line.contains("pid=" + pid + ",")) {
                addresses.add(line.trim().split("\\s+")[3]);
            }
        }
        return addresses;
    }

    private static String ss(String... args) {
        List<String> command = new ArrayList<>(List.of("ss"));
        command.addAll(List.of(args));
        try {
            Process ss = new ProcessBuilder(command).redirectErrorStream(true).start();
            String text = new String(ss.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            ss.waitFor();
            return text;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static Path onlyRunFolder(Path out) throws IOException {
        return dev.loomlab.lab.testing.RunFolders.only(out);
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
