package dev.loomlab.lab.cli;

import dev.loomlab.lab.settings.PlanException;
import java.util.Optional;

/** A run's label ({@code --label}): one line of the user's words, shown wherever the run is named. */
final class RunLabel {
    /** Long enough for a version and a short note, short enough for a table's cell. */
    static final int MAX_LENGTH = 120;

    private RunLabel() {
    }

    /** The label given, trimmed; empty when none was given; bad input (blank, too long, several lines) refused. */
    static Optional<String> parse(String given) {
        if (given == null) {
            return Optional.empty();
        }
        String label = given.strip();
        if (label.isEmpty()) {
            throw new PlanException("--label: give some text (a version, a change), or leave the flag out");
        }
        if (label.length() > MAX_LENGTH) {
            throw new PlanException("--label: at most " + MAX_LENGTH + " characters, got " + label.length());
        }
        if (label.chars().anyMatch(Character::isISOControl)) {
            throw new PlanException("--label: one line of text, without control characters");
        }
        return Optional.of(label);
    }
}
