package dev.loomlab.server.quarkus;

/**
 * The three models this one application serves, chosen at start-up by {@code --loomlab.mode}.
 * Quarkus REST fixes a handler's thread (event loop, worker pool, virtual thread) at build time from
 * its signature and annotations, so each mode has a resource class of its own under an internal
 * path prefix, and {@link ModeRouting} sends every request to the chosen one.
 */
public enum Mode {
    /** Non-blocking handlers on the Vert.x event loops, the reactive SQL clients. */
    REACTIVE("/reactive"),
    /** {@code @Blocking} handlers on Quarkus's worker pool (platform threads), JDBC through Agroal. */
    WORKER("/worker"),
    /** {@code @RunOnVirtualThread} handlers, a virtual thread per request, JDBC through Agroal. */
    VIRTUAL("/virtual");

    private final String prefix;

    Mode(String prefix) {
        this.prefix = prefix;
    }

    /** The internal path its resource class serves the contract under. */
    public String prefix() {
        return prefix;
    }

    /** Whether its handlers block their thread, and so reach the database through JDBC. */
    public boolean blocking() {
        return this != REACTIVE;
    }
}
