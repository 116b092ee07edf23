package dev.loomlab.lab.report;

import dev.loomlab.lab.plan.Defaults;
import dev.loomlab.load.Durations;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * What a report needs to know about a run, read from its manifest and cells alone: the plan's
 * order of models and scenarios, how many cells were planned and whether the run finished.
 * The manifest's {@code plan} is an untyped map (written by one loomlab, maybe read by a later
 * one), so every value is read leniently and a missing one reads as "unknown".
 */
final class RunFacts {
    /** Manifest statuses that mean the run got to its end; anything else ({@code running}, {@code interrupted} …) is partial. */
    static final Set<String> FINISHED = Set.of("complete", "completed", "done", "finished");

    private final Manifest manifest;
    private final List<CellResult> cells;

    RunFacts(Manifest manifest, List<CellResult> cells) {
        this.manifest = manifest;
        this.cells = cells;
    }

    Object plan(String key) {
        return manifest.plan() == null ? null : dev.loomlab.lab.plan.PlanBinding.field(manifest.plan(), key);
    }

    /** A plan value as people write it in a plan file: lists joined, ISO durations as {@code 30s}. */
    String text(String key) {
        Object v = plan(key);
        if (v instanceof List<?> list) {
            return String.join(", ", ids(list));
        }
        if (v instanceof String s && s.startsWith("PT")) {
            try {
                return Durations.format(Duration.parse(s));
            } catch (DateTimeParseException e) {
                return s;
            }
        }
        return ReportText.orUnknown(v);
    }

    /** Models in plan order, then any model that only the cells name. */
    List<String> models() {
        return ordered("models", CellResult::model);
    }

    /** Scenarios in plan order, then any scenario that only the cells name. */
    List<String> scenarios() {
        return ordered("scenarios", CellResult::scenario);
    }

    /** Planned rounds per cell, or 0 when the manifest does not say. */
    int rounds() {
        Object v = plan("rounds");
        try {
            return v == null ? 0 : Integer.parseInt(String.valueOf(v).trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Tomcat's max threads on mvc-platform as the run recorded it, else the lab's default. */
    String tomcatMaxThreads() {
        return plan("tomcatThreads") == null ? String.valueOf(Defaults.TOMCAT_MAX_THREADS) : text("tomcatThreads");
    }

    /** models × scenarios × rounds as planned, or 0 when the manifest does not say. */
    int plannedCells() {
        return planIds("models").size() * planIds("scenarios").size() * rounds();
    }

    boolean partial() {
        int planned = plannedCells();
        return !FINISHED.contains(manifest.status()) || (planned > 0 && cells.size() < planned);
    }

    /** A string map with its well-known keys first, in this order, then the rest alphabetically. */
    static Map<String, String> ordered(Map<String, String> map, List<String> first) {
        Map<String, String> rest = new TreeMap<>(map == null ? Map.of() : map);
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (String key : first) {
            if (rest.containsKey(key)) {
                out.put(key, rest.remove(key));
            }
        }
        out.putAll(rest);
        return out;
    }

    private List<String> ordered(String key, Function<CellResult, String> id) {
        Set<String> out = new LinkedHashSet<>(planIds(key));
        cells.forEach(c -> out.add(id.apply(c)));
        return List.copyOf(out);
    }

    private List<String> planIds(String key) {
        Object v = plan(key);
        if (v instanceof List<?> list) {
            return ids(list);
        }
        List<String> out = new ArrayList<>();
        if (v != null) {
            for (String s : String.valueOf(v).split(",")) {
                if (!s.isBlank()) {
                    out.add(s.trim());
                }
            }
        }
        return out;
    }

    // A model or scenario written as an object still has its id.
    private static List<String> ids(List<?> list) {
        return list.stream().map(x -> x instanceof Map<?, ?> m && m.get("id") != null ? m.get("id") : x)
                .map(String::valueOf).toList();
    }
}
