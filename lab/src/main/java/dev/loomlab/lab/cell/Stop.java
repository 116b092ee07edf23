package dev.loomlab.lab.cell;

/**
 * Why a cell ended before it was judged: it failed (the server did not start, the contract check
 * failed, the load engine or the server died), or it was skipped (its server does not serve the scenario).
 */
public record Stop(String reason, boolean skipped) implements Launch.Outcome, Measure.Outcome {
    public static Stop failed(String reason) {
        return new Stop(reason, false);
    }

    public static Stop skipped(String reason) {
        return new Stop(reason, true);
    }
}
