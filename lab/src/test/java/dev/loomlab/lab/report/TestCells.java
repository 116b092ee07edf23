package dev.loomlab.lab.report;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import java.util.LinkedHashMap;
import java.util.Map;

/** Hand-made cells for the report tests, read the way a run folder's cell files are. */
final class TestCells {
    private TestCells() {
    }

    /** A cell of round 1 that succeeded: {@code model} on {@code scenario} at {@code tps}, with {@code fields} on top. */
    static CellResult ok(String model, String scenario, double tps, Map<String, Object> fields) {
        Map<String, Object> f = new LinkedHashMap<>();
        // Spelled as a schema-1 cell file (the label names the cell): the reader gives it its typed identity.
        f.put("schema", 1);
        f.put("status", "ok");
        f.put("model", model);
        f.put("scenario", scenario);
        f.put("round", 1);
        f.put("tps", tps);
        f.putAll(fields);
        return RunFolder.cell(RunFolder.json().valueToTree(f));
    }
}
