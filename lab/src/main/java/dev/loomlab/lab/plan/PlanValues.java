package dev.loomlab.lab.plan;

import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.lab.settings.Topology;
import dev.loomlab.load.Durations;
import dev.loomlab.load.InvalidLoadException;
import dev.loomlab.load.Limits;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;

/**
 * How each kind of plan value is read (and, where a plan file spells it differently from JSON,
 * written): whole numbers with their range and no overflow, the one duration grammar, netem
 * delays, and id lists given as a YAML list or comma-separated. Every refusal is one line that
 * names the field ({@link PlanException}); {@link PlanBinding} unwraps it from Jackson's.
 */
final class PlanValues {
    private PlanValues() {
    }

    /** How one kind of value is read, given the name of the field it fills (for the messages). */
    @FunctionalInterface
    interface Read<T> {
        T read(JsonParser p, String field);
    }

    /**
     * A reader that knows the name of the field it reads, for its messages. Jackson instantiates
     * each kind below by its class (an annotation names it), then asks it for a copy bound to
     * the field it deserializes.
     */
    static class Named<T> extends ValueDeserializer<T> {
        private final Read<T> read;
        private final String field;

        Named(Read<T> read) {
            this(read, "value");
        }

        private Named(Read<T> read, String field) {
            this.read = read;
            this.field = field;
        }

        @Override
        public ValueDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
            return new Named<>(read, property == null ? field : property.getName());
        }

        @Override
        public T deserialize(JsonParser p, DeserializationContext ctxt) {
            return read.read(p, field);
        }

        /** The value as a person wrote it, for a message: text quoted, a list or mapping named. */
        static String shown(JsonParser p) {
            return switch (p.currentToken()) {
                case START_ARRAY -> "a list";
                case START_OBJECT -> "a mapping";
                // a refusal is one line: a value's line breaks and tabs are shown escaped, as a plan file would spell them
                case VALUE_STRING -> quoted(p.getString());
                default -> String.valueOf(p.getValueAsString());
            };
        }
    }

    /** {@code text} quoted for a one-line refusal: its line breaks and tabs escaped, as a plan file would spell them. */
    static String quoted(String text) {
        return "'" + text.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t") + "'";
    }

    /** Writes a value as the text a plan file spells it with. */
    static class Spelled<T> extends ValueSerializer<T> {
        private final Function<T, String> spelling;

        Spelled(Function<T, String> spelling) {
            this.spelling = spelling;
        }

        @Override
        public void serialize(T value, JsonGenerator gen, SerializationContext ctxt) {
            gen.writeString(spelling.apply(value));
        }
    }

    // The kinds of value the plan document's fields name, one line each: Jackson takes a reader by
    // its class, so each kind is a class, and what it does is the method or lambda it passes on.
    // Ids: models, scenarios, JDBC drivers (whether each is known is the resolver's question).
    // Durations: the one grammar (90s, 1m30s, 500ms, plain seconds); delays: netem's (2ms, 0.2ms, 500us, 0).
    static final class WholeInt extends Named<Integer> { WholeInt() { super((p, field) -> (int) whole(p, field)); } }
    static final class WholeLong extends Named<Long> { WholeLong() { super(PlanValues::whole); } }
    static final class Rate extends Named<Double> { Rate() { super(PlanValues::rate); } }
    static final class DurationText extends Named<Duration> { DurationText() { super(PlanValues::duration); } }
    static final class DelayText extends Named<Duration> { DelayText() { super(PlanValues::delay); } }
    static final class WarmupText extends Named<Warmup> { WarmupText() { super(PlanValues::warmup); } }
    static final class WarmupWriter extends Spelled<Warmup> { WarmupWriter() { super(Warmup::spelling); } }
    static final class ShapeText extends Named<LoadShape> { ShapeText() { super((p, field) -> LoadShape.parse(scalar(p, field,
            "a load shape (steady, soak, spike 3x for 10s at 20s, ramp from 50 over 60s)"))); } }
    static final class ShapeWriter extends Spelled<LoadShape> { ShapeWriter() { super(LoadShape::spelling); } }
    static final class Ids extends Named<List<String>> { Ids() { super((p, field) -> List.copyOf(items(p, field))); } }
    static final class Jdks extends Named<List<Integer>> { Jdks() { super(PlanValues::jdks); } }
    static final class Slos extends Named<List<Threshold>> { Slos() { super((p, field) -> items(p, field).stream().map(Threshold::parse).toList()); } }
    static final class ThresholdWriter extends Spelled<Threshold> { ThresholdWriter() { super(Threshold::text); } }
    static final class DurationWriter extends Spelled<Duration> { DurationWriter() { super(Durations::format); } }
    static final class DelayWriter extends Spelled<Duration> { DelayWriter() { super(Topology::format); } }

    /** A whole number in its field's {@link PlanDocument#WHOLE_RANGES range}: never a float, never wrapped around. */
    static long whole(JsonParser p, String field) {
        long[] range = PlanDocument.WHOLE_RANGES.get(field);
        Supplier<PlanException> notWhole = () -> new PlanException(field + " must be a whole number between " + range[0]
                + " and " + range[1] + ", got " + shown(p));
        BigInteger n;
        if (p.currentToken() == JsonToken.VALUE_NUMBER_INT) {
            n = p.getBigIntegerValue();
        } else if (p.currentToken() == JsonToken.VALUE_STRING && p.getString().trim().matches("[-+]?\\d{1,400}")) {
            n = new BigInteger(p.getString().trim());
        } else {
            throw notWhole.get();
        }
        if (n.compareTo(BigInteger.valueOf(range[0])) < 0 || n.compareTo(BigInteger.valueOf(range[1])) > 0) {
            throw new PlanException(field + " must be between " + range[0] + " and " + range[1] + ", got " + n);
        }
        return n.longValueExact();
    }

    private static String shown(JsonParser p) {
        return Named.shown(p);
    }

    /** The open model's requests per second: a number above 0, at most {@link Limits#MAX_RATE}. */
    static double rate(JsonParser p, String field) {
        BigDecimal r;
        try {
            r = switch (p.currentToken()) {
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> p.getDecimalValue();
                case VALUE_STRING -> new BigDecimal(p.getString().trim());
                default -> throw new NumberFormatException();
            };
        } catch (NumberFormatException e) {
            throw new PlanException("rate must be a number of requests per second, got " + shown(p));
        }
        if (r.signum() <= 0 || r.compareTo(BigDecimal.valueOf(Limits.MAX_RATE)) > 0) {
            throw new PlanException("rate must be above 0 and at most " + (long) Limits.MAX_RATE + " requests/s, got " + r.toPlainString());
        }
        return r.doubleValue();
    }

    private static String scalar(JsonParser p, String field, String expected) {
        if (p.currentToken() == JsonToken.START_ARRAY || p.currentToken() == JsonToken.START_OBJECT) {
            throw new PlanException(field + ": expected " + expected + ", got " + shown(p));
        }
        return p.getValueAsString();
    }

    /** A duration in the one grammar, inside the field's {@link PlanDocument#DURATION_RANGES range}. */
    static Duration duration(JsonParser p, String field) {
        String text = scalar(p, field, "a duration (examples: 500ms, 30s, 1m30s, 2m)");
        Duration[] range = PlanDocument.DURATION_RANGES.get(field);
        try {
            return Durations.parse(field, text, range[0], range[1]);
        } catch (InvalidLoadException e) {
            throw new PlanException(e.getMessage());
        }
    }

    /** {@code auto}, or a fixed warm-up in the duration grammar. */
    static Warmup warmup(JsonParser p, String field) {
        String text = scalar(p, field, "auto or a duration (examples: 20s, 1m)");
        return text != null && text.trim().equals("auto") ? Warmup.AUTO : new Warmup.Fixed(duration(p, field));
    }

    /** A netem delay: see {@link Topology#parseDelay}. */
    static Duration delay(JsonParser p, String field) {
        return Topology.parseDelay(field, scalar(p, field, "a delay (examples: 2ms, 0.2ms, 500us, 0)"));
    }

    /** Items of a list field, given as a YAML list or as one comma-separated text; blanks dropped. */
    static List<String> items(JsonParser p, String field) {
        List<String> out = new ArrayList<>();
        if (p.currentToken() == JsonToken.START_ARRAY) {
            for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                out.add(scalar(p, field, "a list of ids").trim());
            }
        } else {
            for (String s : scalar(p, field, "a list of ids").split(",")) {
                out.add(s.trim());
            }
        }
        out.removeIf(String::isEmpty);
        return out;
    }

    /** JDK feature versions, each all digits. */
    static List<Integer> jdks(JsonParser p, String field) {
        List<Integer> out = new ArrayList<>();
        for (String s : items(p, field)) {
            if (!s.matches("\\d{1,9}")) {
                throw new PlanException("jdks: '" + s + "' is not a JDK feature version (e.g. jdks: [21, 25])");
            }
            out.add(Integer.parseInt(s));
        }
        return List.copyOf(out);
    }
}
