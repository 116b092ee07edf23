package dev.loomlab.lab.result;

import dev.loomlab.lab.os.ShortCommand;
import dev.loomlab.lab.os.Taskset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Facts about the machine and the build that every result must carry. */
public final class Provenance {
    private Provenance() {
    }

    public static Map<String, String> machine() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("cores", String.valueOf(Taskset.machineCores()));
        m.put("memory", memory());
        m.put("os", osName());
        m.put("kernel", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        m.put("cpu", cpuModel());
        return m;
    }

    public static String gitCommit(Path checkout) {
        String head = git(checkout, "rev-parse", "HEAD");
        if (head == null) {
            return "unknown (not a git checkout)";
        }
        String status = git(checkout, "status", "--porcelain");
        return status == null || status.isBlank() ? head : head + " (with uncommitted changes)";
    }

    private static String git(Path dir, String... args) {
        try {
            String[] command = new String[args.length + 3];
            command[0] = "git";
            command[1] = "-C";
            command[2] = dir.toString();
            System.arraycopy(args, 0, command, 3, args.length);
            ShortCommand.Result r = ShortCommand.run(
                    List.of(command), Duration.ofSeconds(10), false);
            return r.ok() ? r.output().trim() : null;
        } catch (ShortCommand.Failed e) {
            return null;
        }
    }

    private static String memory() {
        for (String line : lines("/proc/meminfo")) {
            if (line.startsWith("MemTotal:")) {
                long kb = Long.parseLong(line.replaceAll("\\D", ""));
                return String.format(Locale.ROOT, "%.1f GiB", kb / 1024.0 / 1024.0);
            }
        }
        return "unknown";
    }

    private static String osName() {
        for (String line : lines("/etc/os-release")) {
            if (line.startsWith("PRETTY_NAME=")) {
                return line.substring("PRETTY_NAME=".length()).replace("\"", "");
            }
        }
        return System.getProperty("os.name");
    }

    private static String cpuModel() {
        for (String line : lines("/proc/cpuinfo")) {
            if (line.startsWith("model name")) {
                return line.substring(line.indexOf(':') + 1).trim();
            }
        }
        return "unknown";
    }

    private static List<String> lines(String file) {
        try {
            return Files.readAllLines(Path.of(file));
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
