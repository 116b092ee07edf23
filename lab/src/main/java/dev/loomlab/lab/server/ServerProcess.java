package dev.loomlab.lab.server;

import dev.loomlab.lab.catalog.LabHome;
import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.os.Taskset;
import dev.loomlab.lab.os.process.Children;
import dev.loomlab.lab.settings.Defaults;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One model's server as a fresh JVM of its own: pinned to the server's CPUs, with a fixed heap,
 * its output in a log file. Ready when it prints {@code loomlab-ready <url>}; closing it stops
 * it by PID and waits until both the process and its port are gone, so the next cell starts clean.
 */
public final class ServerProcess implements ServerHandle {
    private static final Pattern READY = Pattern.compile("loomlab-ready (http://\\S+)(?: management=(http://\\S+))?");

    private final Process process;
    private final ServerSpec spec;
    private final String baseUrl;
    private final String managementUrl;
    private final Start start;

    private ServerProcess(Process process, ServerSpec spec, String[] urls, Start start) {
        this.process = process;
        this.spec = spec;
        this.baseUrl = urls[0];
        this.managementUrl = urls[1];
        this.start = start;
    }

    /** Starts {@code spec}'s server and waits for its ready line. */
    public static ServerProcess start(ServerSpec spec) {
        return start(spec, CACHES);
    }

    /** The same, with the start-up caches {@code caches} gives (the lab's own folder, or a test's). */
    static ServerProcess start(ServerSpec spec, ServerLaunch.Caches caches) {
        Model model = spec.model();
        if (model.app().isPresent() && spec.port() == 0) {
            spec = spec.onPort(AppReadiness.freePort());
        }
        try {
            // before a start-up cache's training too: that JVM runs with the same temporary folder
            Files.createDirectories(ServerLaunch.temporaryFolder(spec));
        } catch (IOException e) {
            throw new ServerStartException("cannot make " + model + "'s temporary folder: " + e.getMessage(), "");
        }
        Prepared prepared = launch(spec, caches);
        ServerLaunch launch = prepared.launch();
        ProcessBuilder builder = new ProcessBuilder();
        builder.environment().putAll(launch.environment());
        List<String> command = new ArrayList<>(spec.launchPrefix());
        // pinned at its ready line, below: not at launch
        command.addAll(launch.command());
        builder.command(command)
                .redirectErrorStream(true)
                .redirectOutput(spec.log().toFile());
        long started = System.nanoTime();
        Process process;
        try {
            Files.createDirectories(spec.log().getParent());
            if (spec.jfr() != null) {
                // JFR refuses to start (and so does the JVM) when the recording's folder is missing.
                Files.createDirectories(spec.jfr().getParent());
            }
            process = Children.start(builder);
        } catch (IOException e) {
            throw new ServerStartException("cannot launch " + model + ": " + e.getMessage(), "");
        }
        String[] urls = awaitReady(process, spec);
        if (spec.cpus().pinned() && !pinned(process, spec.cpus().server())) {
            stop(process, spec);
            throw new ServerStartException(model + " could not be pinned to CPU " + spec.cpus().server()
                    + " once ready: it would share the load driver's CPU", "");
        }
        if (spec.jdbcDriver() != null && !spec.jdbcDriver().ranIn(read(spec.log()))) {
            stop(process, spec);
            throw new ServerStartException(model + " was asked for JDBC driver " + spec.jdbcDriver() + " but ran another",
                    tail(read(spec.log()), 15));
        }
        return new ServerProcess(process, spec, urls, new Start(Duration.ofNanos(System.nanoTime() - started), prepared.cacheUse()));
    }

    /** Whether every thread of the server's process (and of any wrapper's child, e.g. a namespace's) now runs on {@code cpus} only. */
    private static boolean pinned(Process process, String cpus) {
        return Stream.concat(Stream.of(process.toHandle()), process.descendants())
                .allMatch(p -> Taskset.pinAllThreads(p.pid(), cpus));
    }

    /** Each jar's start-up cache, in the lab's own folder. */
    private static final ServerLaunch.Caches CACHES = (jar, jdk, recording) -> StartupCache.of(jar, jdk, recording, StartupCache.root());

    /** A server's launch, and what its start does with its start-up cache. */
    private record Prepared(ServerLaunch launch, CacheUse cacheUse) {
    }

    /** How {@code spec} starts; its start-up cache recorded first when it has none yet (once per jar and JDK). */
    private static Prepared launch(ServerSpec spec, ServerLaunch.Caches caches) {
        ServerLaunch launch = ServerLaunch.of(spec, LabHome::serverJar, caches);
        if (launch.training().isEmpty()) {
            return new Prepared(launch, launch.fromCache() ? CacheUse.FROM_CACHE : CacheUse.NONE);
        }
        ServerLaunch.Training training = launch.training().get();
        // on every CPU, as the server's own start; the cache holds classes, which do not depend on where they were loaded
        training.cache().train(training.command(), launch.environment());
        // Trained, or (a failed training) without a cache: the start as it is now. Either way the training's JVM ran
        // within this start, whose time is then no start's from the cache nor a cold one's.
        return new Prepared(ServerLaunch.of(spec, LabHome::serverJar, caches), CacheUse.TRAINED);
    }

    /** The base URL and the management (Actuator) URL, null when the server has none of its own. */
    private static String[] awaitReady(Process process, ServerSpec spec) {
        long deadline = System.nanoTime() + spec.startTimeout().toNanos();
        HttpClient http = spec.model().app().isPresent() ? HttpClient.newHttpClient() : null;
        while (System.nanoTime() < deadline) {
            String log = read(spec.log());
            Matcher m = READY.matcher(log);
            if (http == null && m.find()) {
                return new String[] {m.group(1), m.group(2)};
            }
            Optional<String[]> appReady = http == null ? Optional.empty() : AppReadiness.probe(http, spec.port(), spec.model().app().get());
            if (appReady.isPresent()) {
                return appReady.get();
            }
            if (!process.isAlive()) {
                throw new ServerStartException(spec.model() + " exited with code " + process.exitValue()
                        + " before it was ready", tail(log, 15));
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                // A start given up (the run cut short): nothing of it may stay running.
                stop(process, spec);
                throw new ServerStartException(spec.model() + "'s start was abandoned before its ready line", "");
            }
        }
        stop(process, spec);
        throw new ServerStartException(spec.model() + " was not ready within " + spec.startTimeout().toSeconds() + " s",
                tail(read(spec.log()), 15));
    }

    @Override
    public String baseUrl() {
        return baseUrl;
    }

    /** Actuator on its own port (so scrapes never queue behind the load), or null. */
    @Override
    public String managementUrl() {
        return managementUrl;
    }

    @Override
    public long pid() {
        return process.pid();
    }

    /**
     * How the start went: how long it took to the ready line, and what it did with the server's start-up cache (started
     * from it, trained it first, or had none).
     */
    public record Start(Duration time, CacheUse cacheUse) {
    }

    public Start start() {
        return start;
    }

    @Override
    public boolean alive() {
        return process.isAlive();
    }

    /** How the process ended, e.g. "exit code 137: killed by SIGKILL"; "running" while it runs. */
    public String exitNote() {
        if (process.isAlive()) {
            return "running";
        }
        int code = process.exitValue();
        // The JVM reports a process ended by signal N as 128 + N.
        return code > 128 && code < 160 ? "exit code " + code + ": killed by signal " + (code - 128)
                + (code - 128 == 9 ? " (SIGKILL)" : code - 128 == 15 ? " (SIGTERM)" : "") : "exit code " + code;
    }

    /** Resident set size in bytes, from /proc/PID/status. */
    public Optional<Long> rssBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid()), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Optional.of(Long.parseLong(line.replaceAll("\\D", "")) * 1024);
                }
            }
        } catch (IOException | NumberFormatException e) {
            // The process may have exited: no figure rather than a wrong one.
        }
        return Optional.empty();
    }

    @Override
    public String logTail(int lines) {
        return tail(read(spec.log()), lines);
    }

    /** The server's process is gone but its port still answers: something else holds it, and the next cell must not start. */
    public static final class PortStillOpen extends IllegalStateException {
        PortStillOpen(String message) {
            super(message);
        }
    }

    @Override
    public void close() {
        stop(process, spec);
        Duration bound = Duration.ofSeconds(10);
        if (!awaitPortFree(baseUrl, bound)) {
            throw new PortStillOpen(spec.model() + " stopped (" + exitNote() + "), yet " + baseUrl + " still accepted connections "
                    + bound.toSeconds() + " s later: another process holds its port");
        }
    }

    /** Stops the server's process and removes its temporary folder, which nothing of it uses any more. */
    private static void stop(Process process, ServerSpec spec) {
        Children.stop(process, Defaults.SERVER_STOP_TIMEOUT);
        Path temporary = ServerLaunch.temporaryFolder(spec);
        try (Stream<Path> files = Files.walk(temporary)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (NoSuchFileException gone) {
            // never made, or removed already
        } catch (IOException e) {
            // a file the server's stop still held: left in the run's logs folder, not in /tmp
        }
    }

    /** Whether nothing accepts connections at {@code url}'s port any more, waiting up to {@code timeout} for it. */
    static boolean awaitPortFree(String url, Duration timeout) {
        URI uri = URI.create(url);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!PortWatch.accepts(uri.getHost(), uri.getPort(), Duration.ofMillis(200))) {
                return true;
            }
            sleep(100);
        }
        return false;
    }

    private static String read(Path log) {
        try {
            // Decoding bytes leniently: a log is never a reason to fail a cell.
            return Files.exists(log) ? new String(Files.readAllBytes(log), StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String tail(String text, int lines) {
        List<String> all = text.lines().toList();
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
