package dev.loomlab.lab.result;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads the load of a cell file of schema 4 or older as schema 5 does. Those cells kept the shape as three nullable
 * numbers beside the figures, {@code vus} (closed), {@code rate} (open) and {@code burst}, of which the plan set one;
 * schema 5 keeps it as {@code workload}, the plan's own sealed type ({@code {"shape": "closed", "vus": 500}}). The
 * burst is looked at first and the users last, as the report of those files did, so an old cell renders as it did.
 * A cell that set none (one that failed before it recorded its load) gets no workload: readers already allowed a
 * cell without load.
 */
final class LoadShapeCell {
    private LoadShapeCell() {
    }

    static boolean applies(ObjectNode node) {
        return node.path("schema").asInt(1) < 5 && !node.has("workload");
    }

    /** The same node with {@code vus}, {@code rate} and {@code burst} gathered into {@code workload}. */
    static ObjectNode upgrade(ObjectNode node) {
        JsonNode vus = node.remove("vus");
        JsonNode rate = node.remove("rate");
        JsonNode burst = node.remove("burst");
        ObjectNode workload = node.objectNode();
        if (present(burst)) {
            workload.put("shape", "burst").put("requests", burst.asInt());
        } else if (present(rate)) {
            workload.put("shape", "open").put("ratePerSec", rate.asDouble());
        } else if (present(vus)) {
            workload.put("shape", "closed").put("vus", vus.asInt());
        } else {
            node.putNull("workload");
            return node;
        }
        node.set("workload", workload);
        return node;
    }

    private static boolean present(JsonNode value) {
        return value != null && !value.isNull();
    }
}
