package dev.loomlab.lab.load;

/** The engine itself failed (not the server under test: its errors are results). */
public class LoadException extends RuntimeException {
    public LoadException(String message) {
        super(message);
    }
}
