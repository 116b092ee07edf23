package dev.loomlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.settings.PlanException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Load goes to loopback unless the user says otherwise, in so many words. */
class RemoteTargetTest {

    @ParameterizedTest
    @ValueSource(strings = {"http://192.0.2.7:8080", "http://[2001:db8::1]:8080/", "http://10.0.0.1"})
    void aNonLoopbackTargetIsRefusedByDefaultAndAllowedWithTheFlag(String url) {
        assertThatThrownBy(() -> VerifyCommand.checkTarget(url, false))
                .isInstanceOf(PlanException.class)
                .hasMessageContaining("not a loopback address")
                .hasMessageContaining("--allow-remote-target");
        assertThatCode(() -> VerifyCommand.checkTarget(url, true)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://127.0.0.1:8080", "http://127.9.9.9:1", "http://localhost:8080", "http://[::1]:8080"})
    void loopbackTargetsNeedNoFlag(String url) {
        assertThatCode(() -> VerifyCommand.checkTarget(url, false)).doesNotThrowAnyException();
    }
}
