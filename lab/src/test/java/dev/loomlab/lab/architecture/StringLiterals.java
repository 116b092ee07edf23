package dev.loomlab.lab.architecture;

import java.util.ArrayList;
import java.util.List;

/**
 * The string literals of a Java source (text blocks too), without its comments: what the compiled lab can say, as
 * opposed to what its javadoc gives as an example. A literal keeps its escapes as written.
 */
final class StringLiterals {
    private StringLiterals() {
    }

    static List<String> of(String source) {
        List<String> found = new ArrayList<>();
        int i = 0;
        int n = source.length();
        while (i < n) {
            if (source.startsWith("//", i)) {
                i = end(source, source.indexOf('\n', i));
            } else if (source.startsWith("/*", i)) {
                i = end(source, source.indexOf("*/", i + 2)) + 2;
            } else if (source.startsWith("\"\"\"", i)) {
                int close = source.indexOf("\"\"\"", i + 3);
                found.add(source.substring(i + 3, end(source, close)));
                i = end(source, close) + 3;
            } else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
                char quote = source.charAt(i);
                int j = i + 1;
                while (j < n && source.charAt(j) != quote) {
                    j += source.charAt(j) == '\\' ? 2 : 1;
                }
                if (quote == '"') {
                    found.add(source.substring(i + 1, Math.min(j, n)));
                }
                i = j + 1;
            } else {
                i++;
            }
        }
        return found;
    }

    private static int end(String source, int index) {
        return index < 0 ? source.length() : index;
    }
}
