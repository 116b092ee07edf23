package dev.loomlab.lab.result;

import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads what ran beside a cell of schema 5 or older as schema 6 does. Those cells kept the four figures among the
 * untyped {@code metrics} ({@code driverCpuCoresMean}, {@code dbCpuCoresMean}, {@code labCpuCoresMean},
 * {@code otherCpuCoresMean}; the last two only from schema 4's later cells on); schema 6 keeps them as {@code beside}
 * ({@link Beside}), so that readers ask the record and never a key. A figure an old cell did not have stays absent.
 */
final class BesideCell {
    /** Each old key in {@code metrics} and its component in {@code beside}. */
    private static final Map<String, String> MOVED = Map.of(Beside.DRIVER, "driverCores", Beside.DB, "dbCores",
            Beside.LAB, "labCores", Beside.OTHER, "otherCores");

    private BesideCell() {
    }

    static boolean applies(ObjectNode node) {
        return node.path("schema").asInt(1) < 6 && !node.has("beside");
    }

    /** The same node with the four figures moved out of {@code metrics} into {@code beside}. */
    static ObjectNode upgrade(ObjectNode node) {
        ObjectNode beside = node.objectNode();
        if (node.get("metrics") instanceof ObjectNode metrics) {
            MOVED.forEach((key, component) -> {
                JsonNode value = metrics.remove(key);
                if (value != null && !value.isNull()) {
                    beside.set(component, value);
                }
            });
        }
        node.set("beside", beside);
        return node;
    }
}
