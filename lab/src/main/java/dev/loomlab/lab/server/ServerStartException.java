package dev.loomlab.lab.server;

/** A server that did not come up; carries the tail of its log so the user sees why. */
public class ServerStartException extends RuntimeException {
    private final String logTail;

    public ServerStartException(String message, String logTail) {
        super(message);
        this.logTail = logTail;
    }

    public String logTail() {
        return logTail;
    }
}
