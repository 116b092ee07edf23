package dev.loomlab.lab.findings;

import java.util.Optional;

/** One findings rule: a sentence when its evidence holds, nothing when it does not or the metrics are missing. */
interface Rule {
    /** The rule's stable id (docs/findings.md lists them). */
    String id();

    /** The sentence without the {@code model / scenario: } prefix, or empty. */
    Optional<String> sentence(Evidence e);

    /** Whether a fired finding accounts for the cell's throughput. */
    default boolean explains(Evidence e) {
        return true;
    }
}
