package dev.loomlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.load.Draw;
import dev.loomlab.load.HttpCall;
import dev.loomlab.load.TlsTrust;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the lab hands the driver for a request whose credential header draws its token from a list: the request file,
 * which stays in the run folder, holds neither; the driver's environment holds both, as the driver's RequestSecretsTest
 * reads them (the same wire files).
 */
class DriverSecretsTest {
    private static final Path WIRE = Path.of("../load-api/src/test/resources/wire");
    private static final JsonMapper LENIENT = JsonMapper.builder().build();

    private static Map<String, String> headers() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Authorization", "Bearer {token}");
        headers.put("Accept", "application/json");
        return headers;
    }

    private static Map<String, Draw> values() {
        Map<String, Draw> values = new LinkedHashMap<>();
        values.put("token", Draw.of(List.of("t0k3n-a", "t0k3n-b")));
        values.put("user", Draw.of("1..9"));
        return values;
    }

    private static final HttpCall ME = new HttpCall("me", "GET", "/users/{user}", headers(), null, 1, 200, null, values());
    private static final LoadSpec CELL = LoadSpec.closed("http://127.0.0.1:8080", 10, Duration.ofSeconds(1), Duration.ofSeconds(2),
            Duration.ofSeconds(5), Path.of("/tmp/run/cells/mine"), "mine", Path.of("/tmp/run/logs/mine.driver.log"))
            .sending(List.of(ME), TlsTrust.AUTHORITIES);

    @Test
    void theRequestFileHoldsNeitherTheCredentialHeaderNorTheValuesItDraws() {
        String file = HyperfoilEngine.recorded(HyperfoilEngine.request(CELL));

        assertThat(file).doesNotContain("t0k3n").doesNotContain("Bearer");
        assertThat(LENIENT.readTree(file)).isEqualTo(LENIENT.readTree(WIRE.resolve("request-secrets.json").toFile()));
    }

    @Test
    void theDriversEnvironmentCarriesWhatTheFileLeftOut() {
        Map<String, String> environment = HyperfoilEngine.secretEnvironment(HyperfoilEngine.request(CELL));

        assertThat(environment).containsOnlyKeys("LOOMLAB_SECRET_HEADERS", "LOOMLAB_SECRET_VALUES");
        assertThat(LENIENT.readTree(environment.get("LOOMLAB_SECRET_HEADERS")))
                .isEqualTo(LENIENT.readTree(WIRE.resolve("secret-headers.json").toFile()));
        assertThat(LENIENT.readTree(environment.get("LOOMLAB_SECRET_VALUES")))
                .isEqualTo(LENIENT.readTree(WIRE.resolve("secret-values.json").toFile()));
    }

    @Test
    void aRequestWithoutCredentialsGivesTheDriverNoSecret() {
        HttpCall plain = new HttpCall("item", "GET", "/items/{id}", Map.of("Accept", "text/html"), null, 1, 200, null,
                Map.of("id", Draw.of(List.of("a", "b"))));

        assertThat(HyperfoilEngine.secretEnvironment(HyperfoilEngine.request(CELL.sending(List.of(plain), TlsTrust.AUTHORITIES))))
                .isEmpty();
    }
}
