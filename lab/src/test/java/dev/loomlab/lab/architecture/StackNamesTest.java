package dev.loomlab.lab.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.catalog.AppServer;
import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.catalog.ServerCatalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A stack is its module and its descriptor (issue 40): the lab's code knows a model only through the catalogue, so no
 * string the lab's main code outside {@code catalog/} can print or compare names one of the catalogue's models. A
 * comment may still give one as an example.
 */
class StackNamesTest {
    private static final Path MAIN = Path.of("src/main/java/dev/loomlab/lab");

    @Test
    void noStringOutsideTheCatalogueNamesAModel() throws IOException {
        ServerCatalog.reload();
        List<String> ids = new ArrayList<>(ServerCatalog.current().models().stream().map(Model::id).toList());
        ids.addAll(List.of(AppServer.PLATFORM, AppServer.VIRTUAL));
        assertThat(ids).as("the checkout's catalogue").hasSizeGreaterThan(2);

        List<String> named = new ArrayList<>();
        try (Stream<Path> sources = Files.walk(MAIN)) {
            for (Path source : sources.filter(p -> p.toString().endsWith(".java") && !p.startsWith(MAIN.resolve("catalog"))).toList()) {
                for (String literal : StringLiterals.of(Files.readString(source))) {
                    ids.stream().filter(id -> names(literal, id))
                            .forEach(id -> named.add(MAIN.relativize(source) + ": \"" + literal + "\" names " + id));
                }
            }
        }

        assertThat(named).as("stack ids in main code outside catalog/ (take them from the descriptors)").isEmpty();
    }

    @Test
    void literalsAreReadFromCodeNotComments() {
        String source = """
                /** mvc-platform in javadoc */
                class A { // webflux in a comment
                    String s = "on \\"mvc-virtual\\"" + 'x'; /* legacy */
                    String t = \"""
                        coroutines
                        \""";
                }
                """;

        assertThat(StringLiterals.of(source)).containsExactly("on \\\"mvc-virtual\\\"", "\n        coroutines\n        ");
        assertThat(names("on mvc-virtual,", "mvc-virtual")).isTrue();
        assertThat(names("mvc-virtual-jdk21", "mvc-virtual")).isFalse();
    }

    /** Whether {@code literal} has {@code id} as a word of its own (not a part of a longer id or file name). */
    private static boolean names(String literal, String id) {
        return Pattern.compile("(?<![\\w.-])" + Pattern.quote(id) + "(?![\\w-])").matcher(literal).find();
    }
}
