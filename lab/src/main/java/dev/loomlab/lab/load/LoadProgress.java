package dev.loomlab.lab.load;

/** A once-a-second report from a running engine. */
public record LoadProgress(String phase, double elapsedS, double tps, long requests, long errors) {

    public interface Listener {
        void onProgress(LoadProgress progress);

        /** The engine's process is running (its CPU is sampled beside the server's). */
        default void engineStarted(long pid) {
        }
    }
}
