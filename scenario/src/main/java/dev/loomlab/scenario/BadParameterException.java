package dev.loomlab.scenario;

/** A request parameter outside the contract; servers answer it with HTTP 400 and {@link #getMessage()} as the body. */
public class BadParameterException extends IllegalArgumentException {
    public BadParameterException(String message) {
        super(message);
    }
}
