package dev.loomlab.lab.history;

import dev.loomlab.lab.report.Comparison;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Runs taken apart into groups that measured the same thing: the same plan values, cores, engine and server JDK as
 * {@code loomlab compare} judges them ({@link Comparison#setupDifferences}; not the run's CPU reference), and the same
 * plan name and CPU model — a series over runs that differ there would show the set-up's change as the service's. Each group in time
 * order; a group after the first names what sets it apart from the first.
 */
public final class RunGroups {
    private RunGroups() {
    }

    /**
     * One group's runs, oldest first.
     *
     * @param runs        the runs in time order
     * @param differences what differs from the first group's runs (empty for the first group)
     */
    public record Group(List<HistoryRun> runs, List<String> differences) {
        public Group {
            runs = List.copyOf(runs);
            differences = List.copyOf(differences);
        }

        public String plan() {
            HistoryRun first = runs.getFirst();
            return first.manifest().plan() == null ? "?" : String.valueOf(first.manifest().plan().name());
        }
    }

    public static List<Group> of(List<HistoryRun> runs) {
        List<HistoryRun> ordered = runs.stream()
                .sorted(Comparator.comparing(HistoryRun::startedAt).thenComparing(HistoryRun::runId)).toList();
        List<List<HistoryRun>> groups = new ArrayList<>();
        for (HistoryRun run : ordered) {
            groups.stream().filter(g -> differences(g.getFirst(), run).isEmpty()).findFirst()
                    .ifPresentOrElse(g -> g.add(run), () -> groups.add(new ArrayList<>(List.of(run))));
        }
        List<Group> out = new ArrayList<>();
        for (List<HistoryRun> g : groups) {
            out.add(new Group(g, out.isEmpty() ? List.of() : differences(groups.getFirst().getFirst(), g.getFirst())));
        }
        return out;
    }

    /** What makes two runs measure different things; empty when one series may hold both. */
    static List<String> differences(HistoryRun a, HistoryRun b) {
        List<String> out = new ArrayList<>();
        String planA = a.manifest().plan() == null ? null : a.manifest().plan().name();
        String planB = b.manifest().plan() == null ? null : b.manifest().plan().name();
        if (!Objects.equals(planA, planB)) {
            out.add("plan " + planA + " vs " + planB);
        }
        String cpuA = a.manifest().machine() == null ? null : a.manifest().machine().get("cpu");
        String cpuB = b.manifest().machine() == null ? null : b.manifest().machine().get("cpu");
        if (!Objects.equals(cpuA, cpuB)) {
            out.add("CPU " + cpuA + " vs " + cpuB);
        }
        // Not the run's CPU reference: one machine read 0.180–0.310 s over the twelve runs of an hour (docs/history.md),
        // so one reading cannot tell two machines apart; the CPU model and the cores do.
        Comparison.setupDifferences(a.manifest(), a.cells(), b.manifest(), b.cells()).stream()
                .filter(d -> !d.startsWith(Comparison.MACHINE_SPEED)).forEach(out::add);
        return out;
    }
}
