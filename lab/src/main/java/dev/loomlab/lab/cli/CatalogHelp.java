package dev.loomlab.lab.cli;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.catalog.RequestThreadsSetting;
import dev.loomlab.lab.catalog.ServerCatalog;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The parts of the flags' help that name stacks, filled in from the catalogue when a verb is built: a help line holds
 * {@code {key}} where the descriptors' words go, so that a stack added by its descriptor is named in the help too.
 * Without a catalogue (no checkout) the words say what the part is about instead of failing the help.
 */
final class CatalogHelp {
    /** Not picocli's own {@code ${…}}. */
    private static final Pattern PART = Pattern.compile("(?<!\\$)\\{(\\w+)}");
    private static final Map<String, Supplier<String>> PARTS = Map.of(
            "requestThreads", RequestThreadsSetting::help,
            "ownJdks", CatalogHelp::ownJdks);
    private static final Map<String, String> WITHOUT_CATALOGUE = Map.of(
            "requestThreads", "the max request threads of the models whose server takes the setting",
            "ownJdks", "as its descriptor says");

    private CatalogHelp() {
    }

    /** {@code help} with each of its {@code {key}} parts in the catalogue's words. */
    static String fill(String help) {
        Matcher m = PART.matcher(help);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String key = m.group(1);
            m.appendReplacement(out, Matcher.quoteReplacement(PARTS.containsKey(key) ? part(key) : m.group()));
        }
        return m.appendTail(out).toString();
    }

    private static String part(String key) {
        try {
            return PARTS.get(key).get();
        } catch (ServerCatalog.CatalogException noCheckout) {
            return WITHOUT_CATALOGUE.get(key);
        }
    }

    /** "legacy 17, legacy-virtual 21, others the newest 21+": the models tied to one JDK, then what the rest take. */
    private static String ownJdks() {
        List<Model> tied = Model.values().stream().filter(m -> !m.defaultJdkOrNewest()).toList();
        String others = Model.values().stream().filter(Model::defaultJdkOrNewest).mapToInt(Model::minJdk).min()
                .stream().mapToObj(min -> "the newest " + min + "+").findFirst().orElse("");
        String listed = tied.stream().map(m -> m.id() + " " + m.defaultJdk()).collect(Collectors.joining(", "));
        return listed.isEmpty() ? others : others.isEmpty() ? listed : listed + ", others " + others;
    }
}
