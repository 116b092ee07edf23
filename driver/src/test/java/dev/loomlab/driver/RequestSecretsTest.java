package dev.loomlab.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.load.Draw;
import dev.loomlab.load.DriverRequest;
import dev.loomlab.load.HttpCall;
import dev.loomlab.load.InvalidLoadException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The driver sends what the plan said, not what the run folder keeps: a request file as the lab writes it (its
 * credential header and the token list that header draws from both {@code ****}) is made whole from the environment
 * the lab gives (the same wire files as the lab's DriverSecretsTest), and refused when the environment lacks one.
 */
class RequestSecretsTest {
    private static final Path WIRE = Path.of("../load-api/src/test/resources/wire");

    @Test
    void theMaskedHeaderAndTheValuesItDrawsComeBackFromTheEnvironment() throws IOException {
        Map<String, String> environment = Map.of("LOOMLAB_SECRET_HEADERS", wire("secret-headers.json"),
                "LOOMLAB_SECRET_VALUES", wire("secret-values.json"));

        List<HttpCall> sent = RequestSecrets.restored(masked(), environment::get, DriverMain.REQUEST_JSON);

        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Authorization", "Bearer {token}");
        headers.put("Accept", "application/json");
        Map<String, Draw> values = new LinkedHashMap<>();
        values.put("token", Draw.of(List.of("t0k3n-a", "t0k3n-b")));
        values.put("user", Draw.of("1..9"));
        assertThat(sent).containsExactly(new HttpCall("me", "GET", "/users/{user}", headers, null, 1, 200, null, values));
        assertThat(HttpCall.fill(sent.getFirst().headers().get("Authorization"), sent.getFirst().draw()))
                .isIn("Bearer t0k3n-a", "Bearer t0k3n-b");
    }

    @Test
    void aMaskedValueTheEnvironmentDoesNotHoldIsRefusedRatherThanSentAsStars() throws IOException {
        Map<String, String> headersOnly = Map.of("LOOMLAB_SECRET_HEADERS", wire("secret-headers.json"));

        assertThatThrownBy(() -> RequestSecrets.restored(masked(), headersOnly::get, DriverMain.REQUEST_JSON))
                .isInstanceOf(InvalidLoadException.class)
                .hasMessage("requests.me.values.token is masked and LOOMLAB_SECRET_VALUES does not hold its value");
    }

    @Test
    void anUnreadableVariableIsRefusedWithoutQuotingIt() throws IOException {
        Map<String, String> broken = Map.of("LOOMLAB_SECRET_HEADERS", wire("secret-headers.json"),
                "LOOMLAB_SECRET_VALUES", "{\"me\": {\"token\": [\"t0k3n-a\" \"t0k3n-b\"]}}");

        assertThatThrownBy(() -> RequestSecrets.restored(masked(), broken::get, DriverMain.REQUEST_JSON))
                .isInstanceOf(InvalidLoadException.class)
                .hasMessage("LOOMLAB_SECRET_VALUES is not a JSON object of requests' drawn values");
    }

    /** The calls of the request file as the lab wrote it. */
    private static List<HttpCall> masked() throws IOException {
        return DriverMain.REQUEST_JSON.readValue(WIRE.resolve("request-secrets.json").toFile(), DriverRequest.class).calls();
    }

    private static String wire(String file) throws IOException {
        return Files.readString(WIRE.resolve(file));
    }
}
