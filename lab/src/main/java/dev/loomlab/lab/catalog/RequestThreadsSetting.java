package dev.loomlab.lab.catalog;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The lab's one request-thread setting, the plan's {@code tomcatThreads}, in the words of the descriptors of the models
 * it reaches: the field keeps its first server's name, but what a person reads names the pools the setting sizes, so a
 * stack that takes it (by a {@code requestThreads.flag}) shows up in the wording without a change to the lab.
 */
public final class RequestThreadsSetting {
    private RequestThreadsSetting() {
    }

    /** Those of {@code models} whose pool the setting sizes, in their order. */
    public static List<Model> reaches(Collection<Model> models) {
        return models.stream().filter(Model::takesRequestThreadsSetting).distinct().toList();
    }

    /** "Tomcat max 200": {@code model}'s pool's maximum given the setting (its own where the setting does not reach it). */
    public static Optional<String> max(Model model, int setting) {
        return model.requestThreadsShortName().map(name -> name + " max " + model.requestThreads(setting).orElseThrow());
    }

    /** "Tomcat max threads 200 on mvc-platform": each model of {@code models} the setting reaches; empty when none. */
    public static String onModels(Collection<Model> models, int setting) {
        return reaches(models).stream()
                .map(m -> m.requestThreadsShortName().orElseThrow() + " max threads " + setting + " on " + m.id())
                .collect(Collectors.joining(", "));
    }

    /** "200 Tomcat threads": the setting under the names of the pools it reaches among {@code models}; empty when none. */
    public static String count(Collection<Model> models, int setting) {
        List<String> names = reaches(models).stream().map(Model::requestThreadsName).distinct().toList();
        return names.isEmpty() ? "" : setting + " " + String.join(" / ", names);
    }

    /** For the flag's help: "the request threads' maximum, of Tomcat threads (mvc-platform), …", from the whole catalogue. */
    public static String help() {
        List<Model> reached = reaches(Model.values());
        return "the request threads' maximum, of " + (reached.isEmpty() ? "no model here"
                : reached.stream().map(m -> m.requestThreadsName() + " (" + m.id() + ")").collect(Collectors.joining(", ")));
    }
}
