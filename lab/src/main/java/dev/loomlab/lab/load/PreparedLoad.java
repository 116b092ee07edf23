package dev.loomlab.lab.load;

import java.util.OptionalLong;

/**
 * A cell's load, its engine possibly started before the server it will load: a driver JVM takes seconds to start and
 * build its load, and those seconds can pass while the server starts instead of after it. The cell says when its
 * server is up ({@link #targetUp()}: the engine may connect) and when its contract is checked ({@link #run}: the load
 * starts); a cell that stops before either closes it, and an engine started ahead stops unused.
 */
public interface PreparedLoad extends AutoCloseable {

    /** The server answers: the engine may open its connections while the contract is checked. */
    void targetUp();

    /**
     * The server's process, on this machine: an engine that can read its threads waits in a settling warm-up until its
     * JIT compiler has gone quiet as well as its load. Nothing for the others.
     */
    default void serverIs(long pid) {
    }

    /** Runs the load and returns its result, as {@link LoadEngine#run} does. */
    LoadResult run(LoadProgress.Listener listener) throws LoadException;

    /** The engine's process while it waits for its server, or empty when it starts with the load. */
    default OptionalLong pid() {
        return OptionalLong.empty();
    }

    /** Stops an engine that was started ahead and will not run; nothing for one that ran or never started. */
    @Override
    void close();

    /** The load of an engine that starts nothing ahead: all of it happens in {@link #run}. */
    static PreparedLoad deferred(LoadEngine engine, LoadSpec spec) {
        return new PreparedLoad() {
            @Override
            public void targetUp() {
            }

            @Override
            public LoadResult run(LoadProgress.Listener listener) {
                return engine.run(spec, listener);
            }

            @Override
            public void close() {
            }
        };
    }
}
