package dev.loomlab.lab.load;

/**
 * A way to drive load at a server and measure it. Every engine produces the same
 * {@link LoadResult}, so results from different engines can be compared cell by cell.
 */
public interface LoadEngine {
    String id();

    LoadResult run(LoadSpec spec, LoadProgress.Listener listener) throws LoadException;
}
