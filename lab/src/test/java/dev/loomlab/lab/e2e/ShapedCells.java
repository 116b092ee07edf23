package dev.loomlab.lab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.result.Steadiness;

/** The one cell of a run whose load a spike or a ramp changed inside its window, as every such test first checks it. */
final class ShapedCells {
    private ShapedCells() {
    }

    /** The run's only cell: measured, and not judged for drift (the drift in its window is the shape's). */
    static CellResult only(RunFolder run) {
        CellResult cell = run.readCells().getFirst();
        assertThat(cell.succeeded()).as("cell failed: %s", cell.failure()).isTrue();
        assertThat(cell.steady().state()).as("%s", cell.steady()).isEqualTo(Steadiness.State.NOT_JUDGED);
        assertThat(cell.steady().why()).contains("by design");
        return cell;
    }
}
