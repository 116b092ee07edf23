package dev.loomlab.lab.plan;

import dev.loomlab.load.Durations;
import dev.loomlab.load.InvalidLoadException;
import dev.loomlab.load.Limits;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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

    /** A reader that knows the name of the field it reads, for its messages. */
    abstract static class Named<T> extends ValueDeserializer<T> {
        String field = "value";

        abstract Named<T> fresh();

        @Override
        public ValueDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
            Named<T> named = fresh();
            named.field = property == null ? field : property.getName();
            return named;
        }

        /** The value as a person wrote it, for a message: text quoted, a list or mapping named. */
        static String shown(JsonParser p) {
            return switch (p.currentToken()) {
                case START_ARRAY -> "a list";
                case START_OBJECT -> "a mapping";
                case VALUE_STRING -> "'" + p.getString() + "'";
                default -> String.valueOf(p.getValueAsString());
            };
        }
    }

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

    static final class WholeInt extends Named<Integer> {
        @Override
        Named<Integer> fresh() {
            return new WholeInt();
        }

        @Override
        public Integer deserialize(JsonParser p, DeserializationContext ctxt) {
            return (int) whole(p, field);
        }
    }

    static final class WholeLong extends Named<Long> {
        @Override
        Named<Long> fresh() {
            return new WholeLong();
        }

        @Override
        public Long deserialize(JsonParser p, DeserializationContext ctxt) {
            return whole(p, field);
        }
    }

    /** The open model's requests per second: a number above 0, at most {@link Limits#MAX_RATE}. */
    static final class Rate extends Named<Double> {
        @Override
        Named<Double> fresh() {
            return new Rate();
        }

        @Override
        public Double deserialize(JsonParser p, DeserializationContext ctxt) {
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
    }

    private static String scalar(JsonParser p, String field, String expected) {
        if (p.currentToken() == JsonToken.START_ARRAY || p.currentToken() == JsonToken.START_OBJECT) {
            throw new PlanException(field + ": expected " + expected + ", got " + shown(p));
        }
        return p.getValueAsString();
    }

    /** A duration in the one grammar ({@code 90s}, {@code 1m30s}, {@code 500ms}, plain seconds), inside the field's range. */
    static final class DurationText extends Named<Duration> {
        @Override
        Named<Duration> fresh() {
            return new DurationText();
        }

        @Override
        public Duration deserialize(JsonParser p, DeserializationContext ctxt) {
            String text = scalar(p, field, "a duration (examples: 500ms, 30s, 1m30s, 2m)");
            Duration[] range = PlanDocument.DURATION_RANGES.get(field);
            try {
                return Durations.parse(field, text, range[0], range[1]);
            } catch (InvalidLoadException e) {
                throw new PlanException(e.getMessage());
            }
        }
    }

    static final class DurationWriter extends ValueSerializer<Duration> {
        @Override
        public void serialize(Duration value, JsonGenerator gen, SerializationContext ctxt) {
            gen.writeString(Durations.format(value));
        }
    }

    /** A netem delay ({@code 2ms}, {@code 0.2ms}, {@code 500us}, {@code 0}): see {@link Topology#parseDelay}. */
    static final class DelayText extends Named<Duration> {
        @Override
        Named<Duration> fresh() {
            return new DelayText();
        }

        @Override
        public Duration deserialize(JsonParser p, DeserializationContext ctxt) {
            return Topology.parseDelay(field, scalar(p, field, "a delay (examples: 2ms, 0.2ms, 500us, 0)"));
        }
    }

    static final class DelayWriter extends ValueSerializer<Duration> {
        @Override
        public void serialize(Duration value, JsonGenerator gen, SerializationContext ctxt) {
            gen.writeString(Topology.format(value));
        }
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

    /** Ids (models, scenarios, JDBC drivers): whether each is known is the resolver's question. */
    static final class Ids extends Named<List<String>> {
        @Override
        Named<List<String>> fresh() {
            return new Ids();
        }

        @Override
        public List<String> deserialize(JsonParser p, DeserializationContext ctxt) {
            return List.copyOf(items(p, field));
        }
    }

    /** The JDK axis: feature versions, e.g. {@code [21, 25]} or {@code 21,25}. */
    static final class Jdks extends Named<List<Integer>> {
        @Override
        Named<List<Integer>> fresh() {
            return new Jdks();
        }

        @Override
        public List<Integer> deserialize(JsonParser p, DeserializationContext ctxt) {
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
}
