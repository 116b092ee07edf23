package dev.loomlab.lab.report;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.plan.PlanBinding;
import dev.loomlab.lab.result.Cell;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.server.JdbcDriver;
import dev.loomlab.lab.settings.Defaults;
import dev.loomlab.load.Durations;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

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
        return manifest.plan() == null ? null : PlanBinding.field(manifest.plan(), key);
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

    /**
     * The cells' labels (a model, with its JDK and JDBC driver on runs with those axes) in plan
     * order, then any label that only the cells name: the columns and row order of every table.
     */
    List<String> models() {
        Set<String> out = new LinkedHashSet<>();
        boolean jdkAxis = jdks().size() > 1;
        plannedCells().forEach(c -> out.add(c.label(jdkAxis)));
        cells.forEach(c -> out.add(c.label()));
        return List.copyOf(out);
    }

    /** The cells' order in every report: by scenario, then model, as {@link #scenarios} and {@link #models} list them, then round. */
    Comparator<CellResult> cellOrder() {
        List<String> scenarios = scenarios();
        List<String> models = models();
        return Comparator.comparingInt((CellResult c) -> scenarios.indexOf(c.scenario())).thenComparingInt(c -> models.indexOf(c.label()))
                .thenComparingInt(CellResult::round);
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

    /** The request-thread setting (the plan's tomcatThreads) as the run recorded it, else the lab's default. */
    String tomcatMaxThreads() {
        return plan("tomcatThreads") == null ? String.valueOf(Defaults.TOMCAT_MAX_THREADS) : text("tomcatThreads");
    }

    /** {@link #tomcatMaxThreads()} as a number: the lab's default where the record is not one. */
    int requestThreadsSetting() {
        try {
            return Integer.parseInt(tomcatMaxThreads().trim());
        } catch (NumberFormatException e) {
            return Defaults.TOMCAT_MAX_THREADS;
        }
    }

    /** The run's models this loomlab knows: the plan's, then any other its cells name (not their labels: see {@link #models()}). */
    List<Model> knownModels() {
        Set<Model> out = new LinkedHashSet<>();
        planIds("models").forEach(id -> known(Model::byId, id).ifPresent(out::add));
        cells.forEach(c -> c.cell().model().ifPresent(out::add));
        return List.copyOf(out);
    }

    /**
     * The plan's cells, as the run walks them: each model (or the one target) × each JDK of the
     * axis it can run on × each JDBC driver of the axis its server takes × scenarios × rounds.
     * Empty when the manifest does not say. Ids this loomlab does not know are left out (their
     * cells still show, from the cells themselves).
     */
    List<Cell> plannedCells() {
        List<Scenario> scenarios = planIds("scenarios").stream().flatMap(id -> known(Scenarios::byId, id).stream()).toList();
        List<Cell> out = new ArrayList<>();
        for (int round = 1; round <= rounds(); round++) {
            for (Scenario scenario : scenarios) {
                if (target()) {
                    out.add(Cell.target(scenario, round));
                    continue;
                }
                for (Model model : planIds("models").stream().flatMap(id -> known(Model::byId, id).stream()).toList()) {
                    for (int jdk : jdksFor(model)) {
                        for (Optional<JdbcDriver> driver : driversFor(model)) {
                            out.add(new Cell(Optional.of(model), jdk, driver, scenario, round));
                        }
                    }
                }
            }
        }
        return out;
    }

    /** Whether the run measured a running server: the plan says so, or its cells are target cells. */
    private boolean target() {
        return plan("target") != null || cells.stream().anyMatch(c -> c.cell().target());
    }

    /** The JDK axis; empty when each model ran on its default JDK. */
    private List<Integer> jdks() {
        return planIds("jdks").stream().flatMap(s -> {
            try {
                return Stream.of(Integer.parseInt(s));
            } catch (NumberFormatException e) {
                return Stream.empty();
            }
        }).toList();
    }

    /** The JDKs of the axis the model runs on, as the run chose them; without an axis one (its default, not recorded here: 0). */
    private List<Integer> jdksFor(Model model) {
        List<Integer> jdks = jdks();
        return jdks.isEmpty() ? List.of(0) : jdks.stream().filter(f -> f >= model.minJdk()).toList();
    }

    /** The JDBC drivers of the axis, on a server whose descriptor says it can swap its driver; else its own. */
    private List<Optional<JdbcDriver>> driversFor(Model model) {
        List<Optional<JdbcDriver>> out = planIds("jdbcDrivers").stream().flatMap(id -> known(JdbcDriver::byId, id).stream())
                .map(Optional::of).toList();
        return out.isEmpty() || !model.swapsJdbcDriver() ? List.of(Optional.empty()) : out;
    }

    private static <T> Optional<T> known(Function<String, T> byId, String id) {
        try {
            return Optional.of(byId.apply(id));
        } catch (RuntimeException unknown) {
            return Optional.empty();
        }
    }

    boolean partial() {
        int planned = plannedCells().size();
        return !FINISHED.contains(manifest.status()) || (planned > 0 && cells.size() < planned);
    }

    /** A string map with its well-known keys first, in this order, then the rest alphabetically. */
    static Map<String, String> ordered(Map<String, String> map, List<String> first) {
        Map<String, String> rest = new TreeMap<>(map == null ? Map.of() : map);
        Map<String, String> out = new LinkedHashMap<>();
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
