package dev.loomlab.lab.plan;

import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.load.InvalidLoadException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The one binding of a {@link PlanDocument}, for a plan file, the command line's flags and a
 * run's manifest alike: unknown fields, duplicate keys, floats for whole numbers and
 * overflowing numbers are refused, each with one line naming the field and what is allowed.
 */
public final class PlanBinding {
    private static final YAMLMapper YAML = YAMLMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .build();
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .build();

    private PlanBinding() {
    }

    /** A plan file's text as a tree: YAML (JSON is YAML too), duplicate keys refused. */
    static JsonNode yamlTree(String source, String text) {
        try {
            return YAML.readTree(text);
        } catch (JacksonException e) {
            throw refusal(source, e);
        }
    }

    /** A JSON text as a tree (a manifest), duplicate keys refused. */
    public static JsonNode jsonTree(String source, String text) {
        try {
            return JSON.readTree(text);
        } catch (JacksonException e) {
            throw refusal(source, e);
        }
    }

    /** Binds fields (a tree, or a map of the command line's values) to a document; {@code source} names them in messages. */
    public static PlanDocument bind(String source, Object fields) {
        try {
            return fields instanceof JsonNode node ? JSON.treeToValue(node, PlanDocument.class) : JSON.convertValue(fields, PlanDocument.class);
        } catch (JacksonException | IllegalArgumentException e) {
            throw refusal(source, e);
        }
    }

    /** A tree as plain Java values (maps, lists, text, numbers), for the structure of a plan's parts. */
    static Object plain(JsonNode tree) {
        return JSON.treeToValue(tree, Object.class);
    }

    /** A document as JSON, as the manifest holds it. */
    public static JsonNode tree(PlanDocument document) {
        return JSON.valueToTree(document);
    }

    /** One field of a document as its JSON holds it (text, number or list), or null when not given. */
    public static Object field(PlanDocument document, String name) {
        JsonNode value = tree(document).get(name);
        return value == null || value.isNull() ? null : JSON.treeToValue(value, Object.class);
    }

    /** The one line for a failed read: the value's own refusal, else the field and what it must be. */
    static PlanException refusal(String source, Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof PlanException p) {
                return p;
            }
            if (c instanceof InvalidLoadException i) {
                return new PlanException(i.getMessage());
            }
            if (c instanceof UnrecognizedPropertyException u) {
                return new PlanException("plan " + source + ": unknown field '" + u.getPropertyName() + "' (allowed: "
                        + String.join(", ", PlanDocument.FIELDS) + ")");
            }
        }
        String message = e instanceof JacksonException j && j.getOriginalMessage() != null ? j.getOriginalMessage() : String.valueOf(e.getMessage());
        String firstLine = message.lines().findFirst().orElse("");
        if (firstLine.startsWith("Duplicate Object property") || firstLine.startsWith("Duplicate field")) {
            String field = firstLine.replaceAll("^[^\"']*[\"']([^\"']*)[\"'].*$", "$1");
            return new PlanException("plan " + source + ": field '" + field + "' is given twice (each field once: which one was meant?)");
        }
        String field = e instanceof JacksonException j && !j.getPath().isEmpty() ? j.getPath().getLast().getPropertyName() : null;
        if (field != null && e instanceof MismatchedInputException m && m.getTargetType() == String.class) {
            return new PlanException(field + ": expected one value (text), got a list or a mapping");
        }
        if (field != null) {
            return new PlanException(field + ": cannot read this value (" + firstLine + ")");
        }
        return new PlanException("plan " + source + ": not valid YAML: " + firstLine);
    }
}
