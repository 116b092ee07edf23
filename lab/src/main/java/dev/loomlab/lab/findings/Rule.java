package dev.loomlab.lab.findings;

import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One findings rule, as {@link Findings} lists them: the rule's stable id (docs/findings.md lists
 * them), the sentence it writes when its evidence holds — without the {@code model / scenario: }
 * prefix, empty when the evidence does not hold or the metrics are missing — and whether a fired
 * finding accounts for the cell's throughput. Each {@code *Rule} class holds one rule's logic.
 */
record Rule(String id, Function<Evidence, Optional<String>> sentence, Predicate<Evidence> explains) {

    /** A rule whose finding, when it fires, accounts for the cell's throughput. */
    static Rule explaining(String id, Function<Evidence, Optional<String>> sentence) {
        return new Rule(id, sentence, e -> true);
    }

    /** A rule that reports what it sees but never accounts for the throughput: the cell may still be "unexplained". */
    static Rule reporting(String id, Function<Evidence, Optional<String>> sentence) {
        return new Rule(id, sentence, e -> false);
    }
}
