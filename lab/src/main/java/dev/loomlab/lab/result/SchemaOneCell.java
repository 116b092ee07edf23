package dev.loomlab.lab.result;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.server.JdbcDriver;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads a cell file of schema 1 as the current schema. Schema 1 named a cell by its label alone
 * ({@code model: "mvc-virtual-jdk21-mysql-8.1.0"}), stored findings as sentences and kept its file paths
 * ({@code hlog}, {@code serverLog}, {@code timeseries}, {@code jfr}) beside its figures. Here, and only
 * here, the label is parsed back: it is old data whose typed identity was never written, and the
 * label plus {@code serverJdk} are all it has. New code never parses a label. The old sentences are
 * dropped: the report renders findings from the cell's evidence with today's rules.
 */
final class SchemaOneCell {
    private static final Pattern JDK = Pattern.compile("^-jdk(\\d+)");
    /** The file paths schema 1 kept at the top level: {@link CellResult.Artifacts}' components. */
    private static final List<String> FILES = List.of("hlog", "serverLog", "timeseries", "jfr");

    private SchemaOneCell() {
    }

    static boolean applies(ObjectNode node) {
        return node.path("schema").asInt(1) < 2 && node.has("model") && !node.has("cell");
    }

    /**
     * The same node in the current schema: {@code label} + {@code cell} instead of model, scenario and round,
     * and its file paths gathered in {@code files}.
     */
    static ObjectNode upgrade(ObjectNode node) {
        String label = node.path("model").asString();
        ObjectNode cell = node.objectNode();
        Identity id = parse(label, node.path("serverJdk").asString(null));
        cell.put("model", id.model);
        cell.put("jdk", id.jdk);
        cell.put("jdbcDriver", id.driver);
        cell.put("scenario", node.path("scenario").asString());
        cell.put("round", node.path("round").asInt(1));
        node.remove(List.of("model", "scenario", "round"));
        node.put("label", label);
        node.set("cell", cell);
        ObjectNode files = node.objectNode();
        for (String file : FILES) {
            files.set(file, node.remove(file));
        }
        node.set("files", files);
        node.putArray("findings");
        return node;
    }

    private record Identity(String model, int jdk, String driver) {
    }

    /** {@code mvc-virtual-jdk21-mysql-8.1.0}: the longest model id it starts with, then {@code -jdk<N>}, then a driver id. */
    static Identity parse(String label, String serverJdk) {
        if (Cell.TARGET.equals(label)) {
            return new Identity(null, 0, null);
        }
        Model model = Model.idList().stream().map(Model::byId)
                .filter(m -> label.equals(m.id()) || label.startsWith(m.id() + "-"))
                .max(Comparator.comparingInt(m -> m.id().length()))
                .orElseThrow(() -> new IllegalArgumentException("cell '" + label + "' names no model this loomlab knows ("
                        + Model.ids() + ")"));
        String rest = label.substring(model.id().length());
        int jdk = feature(serverJdk);
        Matcher m = JDK.matcher(rest);
        if (m.find()) {
            jdk = Integer.parseInt(m.group(1));
            rest = rest.substring(m.end());
        }
        String driver = rest.isEmpty() ? null : JdbcDriver.byId(rest.substring(1)).id();
        return new Identity(model.id(), jdk, driver);
    }

    /** The feature release of a recorded JDK version ({@code 25.0.1 (Eclipse Adoptium)} → 25, {@code 1.8.0} → 8); 0 if unreadable. */
    static int feature(String version) {
        if (version == null) {
            return 0;
        }
        Matcher m = Pattern.compile("^(?:1\\.)?(\\d+)").matcher(version.strip());
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }
}
