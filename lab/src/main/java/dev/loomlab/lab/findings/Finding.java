package dev.loomlab.lab.findings;

/**
 * One finding: the rule that fired and its sentence, prefixed with {@code model / scenario: }.
 *
 * @param rule     the rule's id, e.g. {@code thread-pool} (stable: tests and docs name rules by it)
 * @param text     the sentence, with the numbers that are its evidence
 * @param explains whether it accounts for the cell's throughput (when none does and the cell is
 *                 below its ceiling, the "unexplained" rule says so)
 */
public record Finding(String rule, String text, boolean explains) {
}
