package dev.loomlab.lab.result;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one findings rule found in a cell: the rule's id and the figures it used, by name
 * ({@code {"rule": "thread-pool", "figures": {"tps": 199.6, "threads": 200, "serviceS": 1.0, …}}}).
 * The sentence a person reads is not stored: {@code loomlab report} renders it from the cell's
 * evidence with the rules of the loomlab that renders it.
 */
public record Fact(String rule, Map<String, Double> figures) {
    public Fact {
        // A figure that was not measured (NaN) is not evidence, and JSON has no spelling for it.
        Map<String, Double> finite = new TreeMap<>();
        if (figures != null) {
            figures.forEach((name, v) -> {
                if (v != null && Double.isFinite(v)) {
                    finite.put(name, v);
                }
            });
        }
        figures = Collections.unmodifiableMap(finite);
    }
}
