package dev.loomlab.load;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a request's templated value ({@code {id}} in its path, headers or body) comes from: a whole number drawn
 * uniformly from a range ({@code 1..1000}) or one item of a list, drawn afresh for every request sent.
 */
public sealed interface Draw extends java.io.Serializable {
    Pattern RANGE = Pattern.compile("(-?\\d{1,18})\\.\\.(-?\\d{1,18})");

    /** One value, drawn now. */
    String next();

    /** The text or list a plan spells it with. */
    @JsonValue
    Object spelled();

    record Range(long from, long to) implements Draw {
        public Range {
            if (to < from) {
                throw new InvalidLoadException("values: the range " + from + ".." + to + " is empty");
            }
        }

        @Override
        public String next() {
            return Long.toString(ThreadLocalRandom.current().nextLong(from, to + 1));
        }

        @Override
        public Object spelled() {
            return from + ".." + to;
        }
    }

    record OneOf(List<String> items) implements Draw {
        public OneOf {
            if (items == null || items.isEmpty()) {
                throw new InvalidLoadException("values: a list to draw from needs at least one item");
            }
            items = List.copyOf(items);
            for (String item : items) {
                // drawn into paths and headers: a line break there would end a header and forge another
                if (item == null || item.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
                    throw new InvalidLoadException("values: an item holds a line break or control character: " + HttpCall.shown(item));
                }
            }
        }

        @Override
        public String next() {
            return items.get(ThreadLocalRandom.current().nextInt(items.size()));
        }

        @Override
        public Object spelled() {
            return items;
        }
    }

    /** {@code "a..b"} is a range; any other text is a one-item list; a list is drawn from. */
    @JsonCreator
    static Draw of(Object spelled) {
        if (spelled instanceof List<?> list) {
            return new OneOf(list.stream().map(String::valueOf).toList());
        }
        String text = String.valueOf(spelled).trim();
        Matcher m = RANGE.matcher(text);
        if (m.matches()) {
            return new Range(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)));
        }
        return new OneOf(List.of(text));
    }
}
