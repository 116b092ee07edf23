package dev.loomlab.driver;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomlab.load.Draw;
import dev.loomlab.load.HttpCall;
import dev.loomlab.load.InvalidLoadException;
import dev.loomlab.load.SecretHeaders;
import dev.loomlab.load.SecretValues;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Puts back into the calls of a request file the secrets the lab kept out of it: each credential header
 * ({@link SecretHeaders#ENV}) and each value such a header draws from ({@link SecretValues#ENV}), both given in the
 * driver's environment, which only the lab's user can read. A masked one without its value is refused: a request never
 * goes out with {@code ****} for a credential.
 */
final class RequestSecrets {
    private RequestSecrets() {
    }

    /** {@code calls} whole again, from the variables {@code environment} gives ({@link System#getenv(String)}). */
    static List<HttpCall> restored(List<HttpCall> calls, UnaryOperator<String> environment, ObjectMapper json) {
        Map<String, Map<String, String>> headers = read(json, environment.apply(SecretHeaders.ENV),
                new TypeReference<Map<String, Map<String, String>>>() { }, SecretHeaders.ENV + " is not a JSON object of requests' header values");
        Map<String, Map<String, Draw>> values = read(json, environment.apply(SecretValues.ENV),
                new TypeReference<Map<String, Map<String, Draw>>>() { }, SecretValues.ENV + " is not a JSON object of requests' drawn values");
        return SecretValues.restored(SecretHeaders.restored(calls, headers), values);
    }

    private static <T> Map<String, T> read(ObjectMapper json, String text, TypeReference<Map<String, T>> type, String refusal) {
        if (text == null || text.isBlank()) {
            return Map.of();
        }
        try {
            return json.readValue(text, type);
        } catch (JacksonException e) {
            // not the parser's message: it quotes the text it stopped at, a credential
            throw new InvalidLoadException(refusal);
        }
    }
}
