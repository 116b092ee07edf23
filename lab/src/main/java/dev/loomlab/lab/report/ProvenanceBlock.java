package dev.loomlab.lab.report;

import static dev.loomlab.lab.cell.CellRun.CPU_REFERENCE;
import static dev.loomlab.lab.report.ReportText.oneLine;
import static dev.loomlab.lab.report.ReportText.orUnknown;

import dev.loomlab.lab.catalog.RequestThreadsSetting;
import dev.loomlab.lab.load.K6Engine;
import dev.loomlab.lab.plan.PlanDocument;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.load.Protocol;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The provenance every report opens with, as JMH prints its VM, options and warm-up above every
 * result: the plan as resolved, the machine, the JDKs, where each process ran and the commit.
 */
final class ProvenanceBlock {
    private ProvenanceBlock() {
    }

    /** A plan's own requests, each as its mix sends it: {@code order (POST /orders, weight 1)}. */
    private static String requests(List<?> requests) {
        return requests.stream().map(r -> r instanceof Map<?, ?> call
                ? call.get("name") + " (" + call.get("method") + " " + call.get("path") + ", weight " + call.get("weight") + ")"
                : String.valueOf(r)).collect(Collectors.joining(", "));
    }

    /**
     * What the rest of the machine used in the busiest window, where cells recorded it: the lab started nothing beside a
     * window, but somebody else may have.
     */
    private static String restOfMachine(List<CellResult> cells) {
        CellResult busiest = null;
        double most = -1;
        for (CellResult c : cells) {
            Optional<Double> other = c.beside().otherCores();
            if (other.isPresent() && other.get() > most) {
                most = other.get();
                busiest = c;
            }
        }
        return busiest == null ? "" : String.format(Locale.ROOT,
                "; the rest of the machine used at most %.2f cores in a window (%s/%s)", most, busiest.label(), busiest.cell().stem());
    }

    /**
     * The CPU reference timed before each cell, against the run's median: a cell whose CPUs ran slower by more than
     * {@link dev.loomlab.load.Protocol#CALIBRATION_SAME_MACHINE} is named, since a CPU-bound figure reads low by as much.
     * Empty for runs without the figure.
     */
    static String cellSpeeds(List<CellResult> cells) {
        List<CellResult> timed = cells.stream().filter(c -> c.metrics() != null && c.metrics().get(CPU_REFERENCE) != null).toList();
        if (timed.isEmpty()) {
            return "";
        }
        double[] s = timed.stream().mapToDouble(c -> c.metrics().get(CPU_REFERENCE)).sorted().toArray();
        double median = s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
        List<String> slower = timed.stream()
                .filter(c -> c.metrics().get(CPU_REFERENCE) > (1 + Protocol.CALIBRATION_SAME_MACHINE) * median)
                .map(c -> String.format(Locale.ROOT, "%s/%s (%.2fx)", c.label(), c.cell().stem(),
                        c.metrics().get(CPU_REFERENCE) / median))
                .toList();
        return String.format(Locale.ROOT, "the CPU reference before each cell (sha256sum of %d MiB on the server's CPUs)"
                        + " took %.3f–%.3f s of CPU, median %.3f; %s", Protocol.CELL_REFERENCE_MIB, s[0], s[s.length - 1],
                median, slower.isEmpty() ? "no cell ran more than 10 % slower"
                        : "ran more than 10 % slower, a CPU-bound figure reading low by as much: " + String.join(", ", slower));
    }

    static void append(StringBuilder md, Manifest m, RunFacts run, List<CellResult> cells) {
        md.append("## Provenance\n\n");
        line(md, "plan", run.text("name") + (run.plan("description") == null ? "" : " — " + run.text("description")));
        line(md, "command", m.command() == null ? "unknown" : "`" + oneLine(m.command()) + "`");
        line(md, "models", run.text("models"));
        line(md, "scenarios", run.plan("requests") instanceof List<?> requests ? "your requests: " + requests(requests)
                : run.text("scenarios") + "; sleep " + run.text("sleepMs") + " ms where a scenario sleeps");
        String rounds = run.text("rounds");
        String shape = run.plan("burst") != null
                ? run.text("burst") + " requests at once (burst: timed until the last answer)"
                : run.plan("rate") != null
                ? run.text("rate") + " requests/s (open model: a fixed arrival schedule, latency from each request's intended send time)"
                : run.text("vus") + " VUs (closed model, no think time)";
        line(md, "load", shape + ", warm-up " + run.text("warmup")
                + ", measured window " + run.text("duration") + ", " + rounds + ("1".equals(rounds) ? " round" : " rounds")
                + " per cell, request timeout " + run.text("requestTimeout"));
        if (run.plan("overlap") != null) {
            // Runs recorded before the field had none: a warm-up of 10 s or more started servers ahead, and their
            // summaries stay as they were.
            line(md, "overlap", PlanDocument.ALONE.equals(run.text("overlap"))
                    ? "none: each cell's window and drain ran beside nothing but its own server, driver and database"
                            + restOfMachine(cells)
                    : run.text("overlap") + ": the next cell's server started during each warm-up (frozen through the window), and a"
                            + " cell's end ran beside the next cell's start (each cell's topology says what ran beside it)");
        }
        if (run.plan("order") != null) {
            line(md, "order", "shuffled".equals(run.text("order"))
                    ? "models shuffled within each round and scenario, seed " + run.text("seed")
                    : "fixed: the plan's model order in every round");
        }
        line(md, "server", "pool " + run.text("poolSize") + " connections"
                + (run.plan("poolTimeout") == null ? "" : " (a request waits up to " + run.text("poolTimeout") + " for one)") + ", heap " + run.text("heap") + " (-Xms = -Xmx)"
                + requestThreads(run));
        line(md, "engine", orUnknown(m.engine()) + everyRequestWritten(run));
        line(md, "database", m.database() == null || m.database().isBlank() ? run.text("database") : m.database());
        line(md, "JDKs", join(m.jdks(), List.of("lab", "servers", "server", "driver")));
        line(md, "versions", join(m.versions(), List.of("loomlab")));
        line(md, "machine", machine(m.machine()));
        String speeds = cellSpeeds(cells);
        if (!speeds.isEmpty()) {
            line(md, "machine speed", speeds);
        }
        line(md, "CPU layout", cpuLayout(m.cpus()) + " — " + sharing(m.cpus()));
        if (m.topology() != null) {
            // Runs recorded before the split topology have none: they ran on loopback, and their summaries stay as they were.
            line(md, "topology", topology(m.topology()));
        }
        line(md, "git commit", orUnknown(m.gitCommit()));
        line(md, "status", (run.partial() ? "**PARTIAL** (" + orUnknown(m.status()) + ")" : orUnknown(m.status()))
                + ", " + SummaryMarkdown.cellCount(run, cells));
        line(md, "started / finished", orUnknown(m.startedAt()) + " / " + (m.finishedAt() == null ? "not finished" : m.finishedAt()));
        md.append('\n');
    }

    /** Where load, server and database ran: loopback, or the namespaces, their addresses and each link's delay. */
    static String topology(Map<String, Object> t) {
        if (t == null || t.isEmpty() || !"split".equals(t.get("mode"))) {
            Object drivers = t == null ? null : t.get("drivers");
            return "local: load driver, server and database on this machine's loopback"
                    + (drivers == null || "1".equals(String.valueOf(drivers)) ? "" : "; " + drivers + " load drivers, their histograms merged");
        }
        StringBuilder sb = new StringBuilder("split: network namespaces on " + t.get("subnet") + " joined by a bridge — ");
        if (t.get("namespaces") instanceof Map<?, ?> spaces) {
            List<String> parts = new ArrayList<>();
            spaces.forEach((role, where) -> parts.add(role + " " + where));
            sb.append(String.join(", ", parts));
        }
        if (t.get("links") instanceof Map<?, ?> links) {
            List<String> parts = new ArrayList<>();
            links.forEach((link, delay) -> parts.add(link + " " + delay));
            sb.append("; delays ").append(String.join(", ", parts));
        }
        if (t.get("delayedBy") != null) {
            sb.append(" (").append(t.get("delayedBy")).append(')');
        }
        Object drivers = t.get("drivers");
        if (drivers != null && !"1".equals(String.valueOf(drivers))) {
            sb.append("; ").append(drivers).append(" load drivers, their histograms merged");
        }
        return sb.toString();
    }

    static String cpuLayout(Map<String, String> cpus) {
        if (cpus == null || cpus.isEmpty()) {
            return "CPU layout not recorded";
        }
        Map<String, String> roles = roles(cpus);
        if ("false".equals(cpus.get("pinned"))) {
            return "not pinned: server, load driver and database ran on any CPU";
        }
        StringBuilder sb = new StringBuilder();
        roles.forEach((role, list) -> sb.append(sb.isEmpty() ? "" : ", ").append(role).append(" on ").append(cpuList(list)));
        return sb.toString();
    }

    /** Says which processes shared a CPU: the one thing a reader of a shared-machine result must not miss. */
    private static String sharing(Map<String, String> cpus) {
        if (cpus == null || cpus.isEmpty() || "false".equals(cpus.get("pinned"))) {
            return "all on this one machine, competing for its cores";
        }
        Map<String, List<String>> byList = new LinkedHashMap<>();
        roles(cpus).forEach((role, list) -> byList.computeIfAbsent(list, k -> new ArrayList<>()).add(role));
        List<String> shared = new ArrayList<>();
        byList.forEach((list, roles) -> {
            if (roles.size() > 1) {
                shared.add(String.join(" and ", roles) + " share " + cpuList(list));
            }
        });
        return "all on this one machine" + (shared.isEmpty() ? "" : "; " + String.join("; ", shared));
    }

    private static Map<String, String> roles(Map<String, String> cpus) {
        Map<String, String> roles = new LinkedHashMap<>();
        RunFacts.ordered(cpus, List.of("server", "driver", "database")).forEach((role, list) -> {
            if (!"pinned".equals(role)) {
                roles.put("driver".equals(role) ? "load driver" : role, list);
            }
        });
        return roles;
    }

    private static String cpuList(String list) {
        return (list.matches("\\d+") ? "CPU " : "CPUs ") + list;
    }

    private static String machine(Map<String, String> machine) {
        Map<String, String> m = RunFacts.ordered(machine, List.of("cores", "memory", "cpu", "os", "kernel", "calibrationServerS",
                "calibrationDriverS", "calibration", "calibratedAt"));
        StringBuilder sb = new StringBuilder();
        m.forEach((key, value) -> sb.append(sb.isEmpty() ? "" : ", ").append(switch (key) {
            case "cores" -> value + " core" + ("1".equals(value) ? "" : "s");
            case "memory" -> value + " memory";
            case "cpu", "os" -> value;
            case "calibrationServerS" -> "CPU reference " + value + " s on the server's CPUs";
            case "calibrationDriverS" -> value + " s on the driver's";
            case "calibration" -> "the reference: " + value;
            case "calibratedAt" -> "timed " + value;
            default -> key + " " + value;
        }));
        return sb.isEmpty() ? "unknown" : sb.toString();
    }

    private static String join(Map<String, String> map, List<String> first) {
        StringBuilder sb = new StringBuilder();
        RunFacts.ordered(map, first).forEach((k, v) -> sb.append(sb.isEmpty() ? "" : "; ").append(k).append(' ').append(v));
        return sb.isEmpty() ? "unknown" : sb.toString();
    }

    /** ", Tomcat max threads 200 on mvc-platform": the pools of the run's models that the setting sized, as their descriptors name them. */
    private static String requestThreads(RunFacts run) {
        String sized = RequestThreadsSetting.onModels(run.knownModels(), run.requestThreadsSetting());
        return sized.isEmpty() ? "" : ", " + sized;
    }

    private static void line(StringBuilder md, String key, String value) {
        md.append("- **").append(key).append(":** ").append(oneLine(value)).append('\n');
    }

    /**
     * What a shaped load costs k6: to keep each second of its window it writes every request out ({@code --out csv}),
     * which an interleaved A/B (docs/engines.md) showed to lower its throughput and raise its tail at thousands of
     * requests a second. Said where the figures are read, so that no one compares them with a steady k6 cell's unawares.
     */
    private static String everyRequestWritten(RunFacts run) {
        boolean shaped = run.plan("shape") != null && !"steady".equals(run.text("shape"));
        return shaped && K6Engine.ID.equals(run.text("engine"))
                ? "; k6 wrote every request out (--out csv) to keep each second of the window, which costs it CPU: at thousands of"
                        + " requests a second it lowers the throughput and raises the tail it measures (docs/engines.md); compare these"
                        + " cells with shaped k6 cells only" : "";
    }
}
