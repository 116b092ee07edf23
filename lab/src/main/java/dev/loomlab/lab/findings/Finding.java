package dev.loomlab.lab.findings;

import dev.loomlab.lab.result.Fact;
import java.util.Map;

/**
 * One finding: the rule that fired, its sentence prefixed with {@code label / scenario: }, and the
 * figures the sentence quotes.
 *
 * @param rule     the rule's id, e.g. {@code thread-pool} (stable: tests and docs name rules by it)
 * @param text     the sentence, with the numbers that are its evidence
 * @param explains whether it accounts for the cell's throughput (when none does and the cell is
 *                 below its ceiling, the "unexplained" rule says so)
 * @param figures  the figures the sentence quotes, by name: what a cell file stores
 */
public record Finding(String rule, String text, boolean explains, Map<String, Double> figures) {
    /** What a cell file keeps of it: the rule and its figures (the sentence is rendered again by each report). */
    public Fact fact() {
        return new Fact(rule, figures);
    }
}
