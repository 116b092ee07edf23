package dev.loomlab.lab.cell;

import dev.loomlab.lab.metrics.SeriesRow;
import dev.loomlab.lab.plan.LoadShape;
import dev.loomlab.lab.result.ShapeFigures;
import dev.loomlab.load.Workload;
import java.util.List;
import java.util.Optional;

/** What a cell's load shape measured, for its record: nothing for a steady load. */
final class ShapeRecord {
    private ShapeRecord() {
    }

    /**
     * @param workload the load the shape shapes (a ramp's top)
     * @param windowS  the measured window in whole seconds
     */
    static Optional<ShapeFigures> of(LoadShape shape, Workload workload, List<SeriesRow> rows, CellResults results, int windowS) {
        return switch (shape) {
            case LoadShape.Steady s -> Optional.empty();
            case LoadShape.Soak s -> Optional.<ShapeFigures>of(SoakTrends.of(rows, results.latencyPerSecond(99)));
            case LoadShape.Ramped r -> RampKnee.of(r.ramp(), (Workload.Closed) workload, results.latencyBySecond(50),
                    results.latencyBySecond(99), results.okPerSecond().orElse(List.of()), results.errorsPerSecond().orElse(List.of()),
                    windowS).map(ShapeFigures.class::cast);
            case LoadShape.Spiked s -> SpikeRecovery.of(s.spike(), results.latencyBySecond(99), results.okPerSecond().orElse(List.of()),
                    results.errorsPerSecond().orElse(List.of()), windowS).map(ShapeFigures.class::cast);
        };
    }
}
