package dev.loomlab.lab.cell;

import dev.loomlab.lab.load.LoadProgress;
import java.time.Duration;

/** What a cell tells the person watching while it runs: its phases, and the load's live figures. */
public interface CellProgress {
    /** Nothing shown: a driver prepared ahead of its cell, whose own progress is given when it runs. */
    CellProgress NONE = new CellProgress() {
        @Override
        public void phase(String phase) {
        }

        @Override
        public LoadProgress.Listener loadListener(Duration warmup, Duration duration) {
            return p -> {
            };
        }
    };

    void phase(String phase);

    LoadProgress.Listener loadListener(Duration warmup, Duration duration);
}
