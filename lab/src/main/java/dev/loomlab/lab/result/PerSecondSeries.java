package dev.loomlab.lab.result;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * A cell's 2xx answers per second of its window: what its round's own confidence interval and a single-round
 * comparison rest on. The load driver writes them in its {@code <stem>.driver.json} beside the latency log; a cell
 * of schema 3 keeps a copy, an older cell is read from that file when it is still in the run folder.
 */
public final class PerSecondSeries {
    private PerSecondSeries() {
    }

    /** The {@code okPerSecond} of a driver's result file; empty when the file or the series is absent (k6, wrk, several drivers). */
    public static Optional<List<Long>> readDriverJson(Path driverJson) {
        return readDriverJson(driverJson, "okPerSecond");
    }

    /** One per-second series of a driver's result file ({@code okPerSecond}, {@code errorsPerSecond}); empty when absent. */
    public static Optional<List<Long>> readDriverJson(Path driverJson, String key) {
        if (!Files.isRegularFile(driverJson)) {
            return Optional.empty();
        }
        try {
            JsonNode series = RunFolder.json().readTree(driverJson.toFile()).path(key);
            if (!series.isArray() || series.isEmpty()) {
                return Optional.empty();
            }
            List<Long> out = new ArrayList<>();
            series.forEach(n -> out.add(n.asLong()));
            return Optional.of(List.copyOf(out));
        } catch (JacksonException e) {
            return Optional.empty();
        }
    }

    /** The driver's result file of a cell whose latency log is {@code hlog} (same stem, same folder). */
    public static Path driverJsonBeside(Path hlog) {
        String name = hlog.getFileName().toString();
        String stem = name.endsWith(".hlog") ? name.substring(0, name.length() - ".hlog".length()) : name;
        return hlog.resolveSibling(stem + ".driver.json");
    }

    /** The cell's series: its own copy, else the driver's file in run folder {@code root} (null: none); empty when neither has one. */
    public static Optional<List<Long>> of(Path root, CellResult cell) {
        if (cell.okPerSecond() != null && !cell.okPerSecond().isEmpty()) {
            return Optional.of(cell.okPerSecond());
        }
        if (root == null || cell.files().hlog() == null) {
            return Optional.empty();
        }
        return readDriverJson(driverJsonBeside(root.resolve(cell.files().hlog())));
    }
}
