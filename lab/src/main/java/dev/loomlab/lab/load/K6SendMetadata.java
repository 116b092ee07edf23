package dev.loomlab.lab.load;

import java.util.Optional;

/**
 * A k6 sample's send and lateness, which the lab's scripts ({@code engines/k6-cell.js}, {@code engines/k6-agent.js})
 * attach to each open-model request sample as metadata ({@code issued=…&late=…}, the CSV's last column) so that its
 * latency can be timed again from its true slot ({@link K6DroppedIterations}).
 *
 * @param issuedMs the send (epoch ms)
 * @param lateMs   how late after the due instant its index gave it was sent
 */
record K6SendMetadata(long issuedMs, double lateMs) {

    /** The metadata of a CSV row, or empty when it carries none. */
    static Optional<K6SendMetadata> of(String csvLine) {
        double issued = Double.NaN;
        double late = Double.NaN;
        // the metadata column is the last: a custom metric's row has no URL, hence no quoted commas
        for (String pair : csvLine.substring(csvLine.lastIndexOf(',') + 1).split("&")) {
            int eq = pair.indexOf('=');
            if (eq < 0) {
                continue;
            }
            switch (pair.substring(0, eq)) {
                case "issued" -> issued = Double.parseDouble(pair.substring(eq + 1));
                case "late" -> late = Double.parseDouble(pair.substring(eq + 1));
                default -> { }
            }
        }
        return Double.isNaN(issued) || Double.isNaN(late) ? Optional.empty() : Optional.of(new K6SendMetadata(Math.round(issued), late));
    }
}
