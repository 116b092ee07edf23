package dev.loomlab.lab.cell;

import dev.loomlab.lab.load.LoadProgress;
import dev.loomlab.lab.result.StageTimes.Stage;
import java.time.Duration;

/**
 * A cell's progress, passed on to the person watching, that also moves the cell's stage clock
 * with the load's phases: the engine's first warm-up report ends the driver's start, its first
 * window report the warm-up, its first report past the window the window. The window's boundaries
 * are the same reports the measured window is cut by, so its stage time agrees with the window
 * measured; the first report comes a second or so into the warm-up, which it says (its elapsed
 * time), so the warm-up is dated back to when the load began rather than charged to the driver's start.
 */
record TimedProgress(CellProgress shown, StageClock clock) implements CellProgress {

    @Override
    public void phase(String phase) {
        shown.phase(phase);
    }

    @Override
    public LoadProgress.Listener loadListener(Duration warmup, Duration duration) {
        LoadProgress.Listener live = shown.loadListener(warmup, duration);
        return new LoadProgress.Listener() {
            @Override
            public void onProgress(LoadProgress p) {
                switch (p.phase()) {
                    case "warmup" -> clock.begin(Stage.WARMUP, Duration.ofMillis(Math.round(p.elapsedS() * 1000)));
                    case "measure", "burst" -> clock.begin(Stage.WINDOW);
                    // Before the window, a report of another kind leaves the driver starting.
                    default -> {
                        if (clock.current() == Stage.WINDOW) {
                            clock.begin(Stage.DRAIN);
                        }
                    }
                }
                live.onProgress(p);
            }

            @Override
            public void engineStarted(long pid) {
                live.engineStarted(pid);
            }
        };
    }
}
