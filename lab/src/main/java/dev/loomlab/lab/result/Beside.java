package dev.loomlab.lab.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What ran beside a cell in its measured window, each as the CPU it used in cores, time-weighted over exactly the window:
 * the load driver (all its processes), the database, the lab's own JVM (its sampler, its progress) and the rest of the
 * machine (its busy CPU less all of those: somebody else's work, which takes CPU the cell's figures would have had).
 * Each is absent when it was not measured — no database, no readable clock, or a cell written before the figure — and is
 * then left out of the file, as the metrics left out a figure they did not have.
 *
 * @param driverCores the load driver's CPU, in cores
 * @param dbCores     the database's CPU, in cores (all its processes)
 * @param labCores    the lab's own JVM's CPU, in cores
 * @param otherCores  the rest of the machine's busy CPU, in cores
 */
@JsonInclude(JsonInclude.Include.NON_ABSENT)
public record Beside(Optional<Double> driverCores, Optional<Double> dbCores, Optional<Double> labCores, Optional<Double> otherCores) {
    /** Nothing known of what ran beside the cell: a failed cell, or one whose window was not timed. */
    public static final Beside UNKNOWN = new Beside(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());

    /**
     * The keys under which the sampler's window totals, and the {@code metrics} of cells of schema 5 and older, carry
     * the four figures; in the order of the components.
     */
    static final String DRIVER = "driverCpuCoresMean";
    static final String DB = "dbCpuCoresMean";
    static final String LAB = "labCpuCoresMean";
    static final String OTHER = "otherCpuCoresMean";

    public Beside {
        // a file read without a figure gives null, not empty: absent either way
        driverCores = driverCores == null ? Optional.empty() : driverCores;
        dbCores = dbCores == null ? Optional.empty() : dbCores;
        labCores = labCores == null ? Optional.empty() : labCores;
        otherCores = otherCores == null ? Optional.empty() : otherCores;
    }

    /** The four figures out of a map of figures keyed as the sampler gives them; a key not there is absent. */
    public static Beside of(Map<String, Double> figures) {
        if (figures == null) {
            return UNKNOWN;
        }
        return new Beside(Optional.ofNullable(figures.get(DRIVER)), Optional.ofNullable(figures.get(DB)),
                Optional.ofNullable(figures.get(LAB)), Optional.ofNullable(figures.get(OTHER)));
    }

    /** The same figures without the four: what a cell keeps in its {@code metrics} beside this record. */
    public static Map<String, Double> without(Map<String, Double> figures) {
        if (figures == null) {
            return null;
        }
        Map<String, Double> rest = new LinkedHashMap<>(figures);
        rest.keySet().removeAll(List.of(DRIVER, DB, LAB, OTHER));
        return rest;
    }
}
