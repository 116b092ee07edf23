package dev.loomlab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The values a credential header draws leave the lab as the header does: in the driver's environment, never in a file. */
class SecretValuesTest {
    private static final HttpCall ME = new HttpCall("me", "GET", "/users/{user}",
            Map.of("Authorization", "Bearer {token}", "X-Request-Id", "{rid}"), null, 1, 200, null,
            Map.of("token", Draw.of(List.of("t0k3n-a", "t0k3n-b")), "user", Draw.of("1..9"), "rid", Draw.of("1..99")));
    private static final HttpCall SESSION = new HttpCall("cart", "GET", "/cart",
            Map.of("Cookie", "SESSION={sid}; lang={lang}"), null, 1, 200, null,
            Map.of("sid", Draw.of("1000..9999"), "lang", Draw.of(List.of("en", "fr"))));

    @Test
    void whatACredentialHeaderDrawsIsSecretAndWhatOthersDrawIsNot() {
        assertThat(SecretValues.drawnByCredentials(ME)).containsExactly("token");
        assertThat(SecretValues.drawnByCredentials(SESSION)).containsExactlyInAnyOrder("sid", "lang");
    }

    @Test
    void theCallsAsWrittenDownHoldNeitherTheHeaderNorTheValuesItDraws() {
        List<HttpCall> masked = SecretHeaders.masked(List.of(ME, SESSION));

        assertThat(masked.get(0).headers()).containsEntry("Authorization", "****").containsEntry("X-Request-Id", "{rid}");
        assertThat(masked.get(0).values()).containsEntry("token", Draw.of("****"))
                .containsEntry("user", Draw.of("1..9")).containsEntry("rid", Draw.of("1..99"));
        assertThat(masked.get(1).values()).containsOnly(Map.entry("sid", Draw.of("****")), Map.entry("lang", Draw.of("****")));
        assertThat(masked.toString()).doesNotContain("t0k3n").doesNotContain("9999");
    }

    @Test
    void theValuesPutBackIntoTheMaskedCallsGiveTheCallsAsThePlanHadThem() {
        List<HttpCall> calls = List.of(ME, SESSION);
        assertThat(SecretValues.values(calls)).isEqualTo(Map.of(
                "me", Map.of("token", Draw.of(List.of("t0k3n-a", "t0k3n-b"))),
                "cart", Map.of("sid", Draw.of("1000..9999"), "lang", Draw.of(List.of("en", "fr")))));

        List<HttpCall> masked = SecretHeaders.masked(calls);
        assertThat(SecretValues.restored(SecretHeaders.restored(masked, SecretHeaders.values(calls)), SecretValues.values(calls)))
                .isEqualTo(calls);
    }

    @Test
    void aMaskedValueWithoutItsOwnIsRefusedRatherThanSentAsStars() {
        List<HttpCall> headersBack = SecretHeaders.restored(SecretHeaders.masked(List.of(ME)), SecretHeaders.values(List.of(ME)));

        assertThatThrownBy(() -> SecretValues.restored(headersBack, Map.of()))
                .isInstanceOf(InvalidLoadException.class)
                .hasMessage("requests.me.values.token is masked and LOOMLAB_SECRET_VALUES does not hold its value");
    }

    @Test
    void callsWhoseCredentialsDrawNothingNeedNoEnvironment() {
        HttpCall fixed = new HttpCall("item", "GET", "/items/{id}", Map.of("X-Api-Key", "k3y"), null, 1, 200, null,
                Map.of("id", Draw.of("1..9")));
        assertThat(SecretValues.values(List.of(fixed))).isEmpty();
        assertThat(SecretHeaders.masked(List.of(fixed)).getFirst().values()).isEqualTo(fixed.values());
        assertThat(SecretValues.restored(SecretValues.masked(List.of(fixed)), Map.of())).containsExactly(fixed);
    }
}
