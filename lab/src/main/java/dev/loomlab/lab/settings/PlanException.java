package dev.loomlab.lab.settings;

/** Bad input in a plan or on the command line: the CLI prints the one-line message and exits 2. */
public class PlanException extends RuntimeException {
    public PlanException(String message) {
        super(message);
    }
}
