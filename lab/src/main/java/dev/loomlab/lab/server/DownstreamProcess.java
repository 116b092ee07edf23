package dev.loomlab.lab.server;

import dev.loomlab.lab.catalog.LabHome;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.os.Taskset;
import dev.loomlab.lab.os.process.Children;
import dev.loomlab.lab.settings.Defaults;
import dev.loomlab.scenario.FanOut;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The downstream server of the fan-out scenarios ({@code servers/downstream}) in a JVM of its
 * own, on the load driver's CPUs: like seed 003's "service B" it is not the server under test,
 * so its work must not show up as the server's. Counts every call it receives; the lab resets
 * the count when the measured window opens and reads it when the window closes.
 */
public final class DownstreamProcess implements AutoCloseable {
    private static final Pattern READY = Pattern.compile("loomlab-ready (http://\\S+)");

    private final Process process;
    private final String url;
    private final String cpus;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private DownstreamProcess(Process process, String url, String cpus) {
        this.process = process;
        this.url = url;
        this.cpus = cpus;
    }

    public static DownstreamProcess start(Jdk jdk, CpuLayout layout, Path log) {
        List<String> command = List.of(jdk.java().toString(), "-Xms128m", "-Xmx256m", "-XX:+UseSerialGC",
                "-jar", LabHome.helperJar("downstream").toString(), "--port=0");
        try {
            Files.createDirectories(log.getParent());
            Process process = Children.start(new ProcessBuilder(Taskset.prefix(layout, layout.driver(), command))
                    .redirectErrorStream(true).redirectOutput(log.toFile()));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (System.nanoTime() < deadline) {
                String text = Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
                Matcher m = READY.matcher(text);
                if (m.find()) {
                    return new DownstreamProcess(process, m.group(1), layout.pinned() ? layout.driver() : "unpinned");
                }
                if (!process.isAlive()) {
                    throw new ServerStartException("the downstream server exited with code " + process.exitValue(), text);
                }
                Thread.sleep(50);
            }
            Children.stop(process, Defaults.SERVER_STOP_TIMEOUT);
            throw new ServerStartException("the downstream server was not ready within 30 s", "");
        } catch (IOException e) {
            throw new ServerStartException("cannot launch the downstream server: " + e.getMessage(), "");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServerStartException("interrupted while starting the downstream server", "");
        }
    }

    public String url() {
        return url;
    }

    /** The CPUs it runs on, for the cell's record. */
    public String cpus() {
        return cpus;
    }

    public boolean isAliveProcess() {
        return process.isAlive();
    }

    public long pid() {
        return process.pid();
    }

    /** The server argument that points the server under test at this downstream. */
    public String serverArgument() {
        return "--" + FanOut.DOWNSTREAM_URL_PROPERTY + "=" + url;
    }

    /** Zeroes the count; returns the calls counted before. */
    public long reset() {
        return Long.parseLong(send(HttpRequest.newBuilder(URI.create(url + FanOut.RESET_PATH))
                .POST(HttpRequest.BodyPublishers.noBody())));
    }

    public long calls() {
        return Long.parseLong(send(HttpRequest.newBuilder(URI.create(url + FanOut.COUNT_PATH)).GET()));
    }

    private String send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> r = http.send(request.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                throw new IllegalStateException("downstream answered " + r.statusCode() + ": " + r.body());
            }
            return r.body().strip();
        } catch (IOException e) {
            throw new IllegalStateException("downstream at " + url + " unreachable: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    @Override
    public void close() {
        Children.stop(process, Defaults.SERVER_STOP_TIMEOUT);
    }
}
