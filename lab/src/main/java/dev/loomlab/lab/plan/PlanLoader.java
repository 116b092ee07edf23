package dev.loomlab.lab.plan;

import dev.loomlab.lab.settings.Defaults;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.load.InvalidLoadException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads a plan: a preset by name (or a YAML file by path) bound to a {@link PlanDocument}, the
 * CLI's overrides on top (the document's one merge rule), then resolves it to a {@link Plan}:
 * defaults from {@link Defaults}, ids to types, the rules between fields. Any mistake is a
 * {@link PlanException} with one line that names the field and what is allowed — never a stack trace.
 */
public final class PlanLoader {
    /** Every field a plan may set, in the order the docs list them. */
    public static final List<String> FIELDS = PlanDocument.FIELDS;

    private PlanLoader() {
    }

    /** The presets shipped in {@code plans/}, by name; each file's {@code name} equals its file name. */
    public static List<String> presets() {
        return PresetPlans.names();
    }

    /** {@link #load(String, PlanDocument)} with the command line's flag values, bound as a document first. */
    public static Plan load(String nameOrPath, Map<String, Object> overrides) {
        return load(nameOrPath, PlanBinding.bind("command line", overrides));
    }

    public static Plan load(String nameOrPath, PlanDocument overrides) {
        ObjectNode fields = read(nameOrPath);
        JsonNode partList = fields.remove("parts");
        PlanDocument plan = PlanBinding.bind(nameOrPath, fields);
        if (partList != null) {
            // A plan of parts runs as its first part when loaded as one plan; `run` runs them all (see parts()).
            plan = plan.overriddenBy(PlanParts.fieldsOf(nameOrPath, partList).getFirst().overrides());
        }
        return resolve(plan.overriddenBy(overrides));
    }

    /** A plan file's (or preset's) own fields as written, its parts left out: what {@code --resume} reads masked secrets from. */
    public static PlanDocument document(String nameOrPath) {
        ObjectNode fields = read(nameOrPath);
        fields.remove("parts");
        return PlanBinding.bind(nameOrPath, fields);
    }

    /** {@link #parts(String, PlanDocument)} with the command line's flag values. */
    public static List<PlanParts.Part> parts(String nameOrPath, Map<String, Object> overrides) {
        return parts(nameOrPath, PlanBinding.bind("command line", overrides));
    }

    /**
     * A plan's parts (a plan whose one matrix cannot hold several VU levels or load shapes lists
     * sub-runs under {@code parts:}, each the plan's fields with its own on top); a plan without
     * parts is one part of the same name. The command line's overrides apply to every part.
     */
    public static List<PlanParts.Part> parts(String nameOrPath, PlanDocument overrides) {
        ObjectNode fields = read(nameOrPath);
        JsonNode partList = fields.remove("parts");
        PlanDocument plan = PlanBinding.bind(nameOrPath, fields);
        if (partList == null) {
            return List.of(new PlanParts.Part(plan.name(), resolve(plan.overriddenBy(overrides)), List.of()));
        }
        List<PlanParts.Part> parts = new ArrayList<>();
        for (PlanParts.PartFields part : PlanParts.fieldsOf(nameOrPath, partList)) {
            PlanDocument merged = plan.overriddenBy(part.overrides()).with("name", plan.name() + "-" + part.name());
            parts.add(new PlanParts.Part(part.name(), resolve(merged.overriddenBy(overrides)), part.seed()));
        }
        return parts;
    }

    /**
     * A document resolved to a plan: each missing field from {@link Defaults}, ids to their types
     * ({@link PlanFields}), then the rules between fields ({@link PlanRules}). The manifest's
     * document resolves through here on {@code --resume}.
     */
    public static Plan resolve(PlanDocument document) {
        Plan plan;
        try {
            plan = PlanFields.build(document);
        } catch (InvalidLoadException e) {
            throw new PlanException(e.getMessage());
        }
        PlanRules.check(plan);
        return plan;
    }

    /** A plan's own description (for the combined summary of a plan with parts). */
    public static String presetDescription(String nameOrPath) {
        JsonNode d = read(nameOrPath).get("description");
        return d == null || d.isNull() ? "" : d.asString();
    }

    /** The raw YAML of a preset, for {@code loomlab plans --show}. */
    public static String presetText(String name) {
        try (InputStream in = PlanLoader.class.getResourceAsStream("/" + PresetPlans.FOLDER + "/" + name + ".yaml")) {
            if (in == null) {
                throw new PlanException("unknown plan '" + name + "' (presets: " + String.join(", ", presets()) + "; or give a path to a .yaml file)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new PlanException("cannot read plan '" + name + "': " + e.getMessage());
        }
    }

    /** A plan file's fields as a tree, its name checked against the file's. */
    private static ObjectNode read(String nameOrPath) {
        boolean isFile = nameOrPath.endsWith(".yaml") || nameOrPath.endsWith(".yml") || nameOrPath.contains("/");
        String text;
        String expectedName;
        if (isFile) {
            Path path = Path.of(nameOrPath);
            try {
                text = Files.readString(path);
            } catch (IOException e) {
                throw new PlanException("cannot read plan file " + path + ": " + e.getClass().getSimpleName() + " " + e.getMessage());
            }
            String file = path.getFileName().toString();
            expectedName = file.substring(0, file.lastIndexOf('.') < 0 ? file.length() : file.lastIndexOf('.'));
        } else {
            text = presetText(nameOrPath);
            expectedName = nameOrPath;
        }
        if (!(PlanBinding.yamlTree(nameOrPath, text) instanceof ObjectNode fields)) {
            throw new PlanException("plan " + nameOrPath + ": expected a mapping of fields (" + String.join(", ", FIELDS) + ")");
        }
        JsonNode name = fields.get("name");
        if (name == null || name.isNull()) {
            throw new PlanException("plan " + nameOrPath + ": field 'name' is required and must equal the file name '" + expectedName + "'");
        }
        if (!name.isValueNode() || !expectedName.equals(name.asString())) {
            // quoted with its line breaks escaped: a name spelled over two lines is refused on one
            throw new PlanException("plan " + nameOrPath + ": name " + PlanValues.quoted(name.isValueNode() ? name.asString() : name.toString())
                    + " must equal the file name " + PlanValues.quoted(expectedName));
        }
        return fields;
    }
}
