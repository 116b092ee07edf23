package dev.loomlab.lab.cell;

import dev.loomlab.lab.result.Cell;
import dev.loomlab.lab.result.RunFolder;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where one cell's files go in its run folder. The relative paths are the ones its result records;
 * a target cell has no server log and no flight recording (the lab did not start its server).
 */
record CellFiles(String stem, String hlog, Optional<String> serverLog, Optional<String> jfr, String timeseries,
                 Path outDir, Path driverLog) {

    static CellFiles of(RunFolder folder, Cell cell, String label) {
        String stem = cell.stem();
        boolean started = !cell.target();
        return new CellFiles(stem,
                "cells/" + label + "/" + stem + ".hlog",
                started ? Optional.of("logs/" + label + "-" + stem + ".server.log") : Optional.empty(),
                started ? Optional.of("cells/" + label + "/" + stem + ".jfr") : Optional.empty(),
                "cells/" + label + "/" + stem + ".timeseries.csv",
                folder.cellDir(label),
                folder.logs().resolve(label + "-" + stem + ".driver.log"));
    }

    /** The Hyperfoil driver's own result, next to the histogram; absent for the other engines. */
    Path driverResult() {
        return outDir.resolve(stem + ".driver.json");
    }
}
