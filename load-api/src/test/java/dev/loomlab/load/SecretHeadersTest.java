package dev.loomlab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A request's credentials leave the lab in the driver's environment, never in its request file. */
class SecretHeadersTest {
    private static final HttpCall LOGIN = new HttpCall("login", "POST", "/login",
            Map.of("Authorization", "Bearer s3cr3t", "Content-Type", "application/json"), "{}", 1, 200, null, Map.of());
    private static final HttpCall ORDER = new HttpCall("order", "GET", "/orders/{id}",
            Map.of("X-Api-Key", "k3y", "X-Request-Id", "{id}"), null, 2, 200, null, Map.of("id", Draw.of("1..9")));

    @Test
    void theHeadersHttpAndServicesGiveCredentialsInAreCredentialsAndOthersAreNot() {
        assertThat(List.of("Authorization", "Proxy-Authorization", "Cookie", "X-Api-Key", "X-Auth-Token", "X-Session-Id",
                "X-Client-Secret", "spring.datasource.password", "DB_PWD", "API_KEY"))
                .allMatch(SecretHeaders::credential);
        assertThat(List.of("Content-Type", "Accept", "X-Request-Id", "User-Agent", "spring.profiles.active", "server.port"))
                .noneMatch(SecretHeaders::credential);
    }

    @Test
    void theMaskedCallsHoldNoCredentialAndKeepEverythingElse() {
        List<HttpCall> masked = SecretHeaders.masked(List.of(LOGIN, ORDER));
        assertThat(masked.get(0).headers()).containsOnly(Map.entry("Authorization", "****"), Map.entry("Content-Type", "application/json"));
        assertThat(masked.get(1).headers()).containsEntry("X-Api-Key", "****").containsEntry("X-Request-Id", "{id}");
        assertThat(masked.get(1).values()).isEqualTo(ORDER.values());
        assertThat(masked.toString()).doesNotContain("s3cr3t").doesNotContain("k3y");
    }

    @Test
    void theValuesPutBackIntoTheMaskedCallsGiveTheCallsAsThePlanHadThem() {
        List<HttpCall> calls = List.of(LOGIN, ORDER);
        assertThat(SecretHeaders.values(calls)).isEqualTo(Map.of("login", Map.of("Authorization", "Bearer s3cr3t"),
                "order", Map.of("X-Api-Key", "k3y")));
        assertThat(SecretHeaders.restored(SecretHeaders.masked(calls), SecretHeaders.values(calls))).isEqualTo(calls);
    }

    @Test
    void aMaskedHeaderWithoutItsValueIsRefusedRatherThanSentAsStars() {
        assertThatThrownBy(() -> SecretHeaders.restored(SecretHeaders.masked(List.of(LOGIN)), Map.of()))
                .isInstanceOf(InvalidLoadException.class)
                .hasMessage("requests.login.headers.Authorization is masked and LOOMLAB_SECRET_HEADERS does not hold its value");
    }

    @Test
    void callsWithoutCredentialsNeedNoEnvironment() {
        HttpCall plain = new HttpCall("home", "GET", "/", Map.of("Accept", "text/html"), null, 1, 200, null, Map.of());
        assertThat(SecretHeaders.values(List.of(plain))).isEmpty();
        assertThat(SecretHeaders.restored(SecretHeaders.masked(List.of(plain)), Map.of())).containsExactly(plain);
    }
}
