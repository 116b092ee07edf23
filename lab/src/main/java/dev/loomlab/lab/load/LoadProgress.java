package dev.loomlab.lab.load;

/** A once-a-second report from a running engine. */
public record LoadProgress(String phase, double elapsedS, double tps, long requests, long errors) {

    public interface Listener {
        void onProgress(LoadProgress progress);
    }
}
