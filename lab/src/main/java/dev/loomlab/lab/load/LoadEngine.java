package dev.loomlab.lab.load;

/**
 * A way to drive load at a server and measure it. Every engine produces the same
 * {@link LoadResult}, so results from different engines can be compared cell by cell.
 */
public interface LoadEngine {
    String id();

    LoadResult run(LoadSpec spec, LoadProgress.Listener listener) throws LoadException;

    /**
     * The load for a server that is not up yet but will answer at {@code spec}'s URL. An engine that can start
     * ahead of its target starts now and waits; the others start when the load is {@linkplain PreparedLoad#run run}.
     */
    default PreparedLoad prepare(LoadSpec spec) {
        return PreparedLoad.deferred(this, spec);
    }
}
