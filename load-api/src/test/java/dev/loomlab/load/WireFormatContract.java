package dev.loomlab.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The shared wire files read and written back unchanged by one side's Jackson: the driver's WireFormatTest runs it
 * with Jackson 2, the lab's with Jackson 3, so what one side writes the other reads, key for key. Written once here,
 * in load-api's test jar, because the two sides bind the same records and must agree on the same files; load-api
 * binds no JSON itself, so each side hands in its own mappers.
 */
public abstract class WireFormatContract {
    /** The wire files, from a module beside load-api (the tests run in their module's folder). */
    protected static final Path WIRE = Path.of("../load-api/src/test/resources/wire");

    /** A mapper's read of one type, as a method reference ({@code mapper::readValue}). */
    @FunctionalInterface
    public interface Reader {
        <T> T read(String json, Class<T> type) throws Exception;
    }

    /** A mapper's write ({@code mapper::writeValueAsString}). */
    @FunctionalInterface
    public interface Writer {
        String write(Object value) throws Exception;
    }

    /** JSON as a tree, whose equality ignores the order of keys and the spacing ({@code mapper::readTree}). */
    @FunctionalInterface
    public interface Tree {
        Object of(String json) throws Exception;
    }

    /** A mapper as the contract uses it for one kind of file: how it reads, how it writes. */
    public record Mapper(Reader reader, Writer writer) {
    }

    /** One side's Jackson: its mappers of the request and of the result file, and a lenient one to compare what they wrote. */
    public record Side(Mapper requests, Mapper results, Tree tree) {
        /** A side that reads and writes both kinds of file with one mapper. */
        public Side(Mapper both, Tree tree) {
            this(both, both, tree);
        }
    }

    private final Side side;

    protected WireFormatContract(Side side) {
        this.side = side;
    }

    @ParameterizedTest
    @ValueSource(strings = {"request-closed.json", "request-open.json", "request-burst.json", "request-mix.json", "request-secrets.json",
            "request-spike.json", "request-ramp.json"})
    void aRequestRoundTripsUnchanged(String file) throws Exception {
        roundTrip(file, side.requests(), DriverRequest.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"result-ramp.json", "result-burst.json"})
    void aResultRoundTripsUnchanged(String file) throws Exception {
        roundTrip(file, side.results(), DriverResult.class);
    }

    private void roundTrip(String file, Mapper mapper, Class<?> type) throws Exception {
        String text = Files.readString(WIRE.resolve(file));
        Object read = mapper.reader().read(text, type);
        assertThat(read).isInstanceOf(type);
        assertThat(side.tree().of(mapper.writer().write(read))).isEqualTo(side.tree().of(text));
    }
}
