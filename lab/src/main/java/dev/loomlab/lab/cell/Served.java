package dev.loomlab.lab.cell;

import dev.loomlab.lab.result.CellResult;

/**
 * What a cell's time with its server came to: a measured window, whose end (the server's stop, the drivers') is its
 * {@link CellRun.Ending}'s to close, or a cell stopped before one, with everything it started already closed.
 */
sealed interface Served {
    CellRun.Ending ending();

    record Window(CellRun.Ending ending) implements Served {
    }

    record Stopped(CellResults results, Stop stop) implements Served {
        @Override
        public CellRun.Ending ending() {
            CellResult stopped = results.stopped(stop);
            return () -> stopped;
        }
    }
}
