package dev.loomlab.lab.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.load.Draw;
import dev.loomlab.load.HttpCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A manifest keeps the names of the user's secrets, not their values; {@code --resume} takes them again from the plan file. */
class RecordedSecretsTest {
    private static final HttpCall ORDER = new HttpCall("order", "POST", "/orders",
            Map.of("Content-Type", "application/json", "Authorization", "Bearer s3cr3t"), "{}", 1, 201, null, Map.of());
    /** A token drawn for each request from a list: the list is as secret as a token written in the header. */
    private static final HttpCall ME = new HttpCall("me", "GET", "/users/{user}", Map.of("Authorization", "Bearer {token}"),
            null, 1, 200, null, Map.of("token", Draw.of(List.of("s3cr3t-a", "s3cr3t-b")), "user", Draw.of("1..9")));
    private static final PlanDocument PLAN = PlanDocument.EMPTY.with("name", "shop")
            .with("requests", List.of(ORDER, ME))
            .with("appEnv", Map.of("API_KEY", "s3cr3t"))
            .with("appArgs", List.of("--spring.datasource.password=s3cr3t", "--spring.profiles.active=bench"));

    @Test
    void theManifestsDocumentKeepsEveryNameAndNoSecret() {
        PlanDocument masked = PLAN.masked();
        assertThat(PlanBinding.tree(masked).toString()).doesNotContain("s3cr3t")
                .contains("Authorization", "Content-Type", "application/json", "API_KEY", "--spring.datasource.password=****",
                        "--spring.profiles.active=bench", "token", "1..9");
    }

    @Test
    void theSecretsGivenAgainMakeTheRecordedPlanWhole() {
        assertThat(RecordedSecrets.restore("--resume r", PLAN.masked(), PLAN)).isEqualTo(PLAN);
        // a jar's arguments may come again by flag alone
        PlanDocument flags = PlanDocument.EMPTY.with("appArgs", List.of("--spring.datasource.password=s3cr3t"));
        PlanDocument noArguments = PLAN.with("appArgs", List.of("--spring.datasource.password=s3cr3t"));
        assertThat(RecordedSecrets.restore("--resume r", noArguments.masked().with("requests", null).with("appEnv", null), flags))
                .isEqualTo(noArguments.with("requests", null).with("appEnv", null));
    }

    @Test
    void aSecretNotGivenAgainIsRefusedNamingItAndWhereToGiveIt() {
        assertThatThrownBy(() -> RecordedSecrets.restore("--resume r", PLAN.masked(), PlanDocument.EMPTY))
                .isInstanceOf(PlanException.class)
                .hasMessage("--resume r: the run's requests.order.headers.Authorization was recorded masked: give the plan file again with --plan FILE");
        assertThatThrownBy(() -> RecordedSecrets.restore("--resume r", PLAN.masked(), PLAN.with("appEnv", Map.of())))
                .hasMessage("--resume r: the run's appEnv.API_KEY was recorded masked: give the plan file again with --plan FILE");
        assertThatThrownBy(() -> RecordedSecrets.restore("--resume r", PLAN.masked(), PLAN.with("requests", List.of(ORDER))))
                .hasMessage("--resume r: the run's requests.me.values.token was recorded masked: give the plan file again with --plan FILE");
        HttpCall renamed = new HttpCall("me", "GET", "/users/{user}", Map.of("Authorization", "Bearer {jwt}"), null, 1, 200, null,
                Map.of("jwt", Draw.of(List.of("s3cr3t-a")), "user", Draw.of("1..9")));
        assertThatThrownBy(() -> RecordedSecrets.restore("--resume r", PLAN.masked(), PLAN.with("requests", List.of(ORDER, renamed))))
                .hasMessage("--resume r: the run's requests.me.values.token was recorded masked: give the plan file again with --plan FILE");
        assertThatThrownBy(() -> RecordedSecrets.restore("--resume r", PLAN.masked(), PLAN.with("appArgs", null)))
                .hasMessage("--resume r: the run's appArgs --spring.datasource.password=… was recorded masked: give them again with --app-args or --plan FILE");
    }
}
