package dev.loomlab.lab.cell;

import dev.loomlab.lab.load.LoadProgress;
import java.time.Duration;

/** What a cell tells the person watching while it runs: its phases, and the load's live figures. */
public interface CellProgress {
    void phase(String phase);

    LoadProgress.Listener loadListener(Duration warmup, Duration duration);
}
