package dev.loomlab.server.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The carrier count the launcher gives virtual threads, and that a user's own value wins. */
class LauncherTest {
    private String saved;

    @BeforeEach
    void save() {
        saved = System.getProperty(Launcher.CARRIERS);
        System.clearProperty(Launcher.CARRIERS);
    }

    @AfterEach
    void restore() {
        if (saved == null) {
            System.clearProperty(Launcher.CARRIERS);
        } else {
            System.setProperty(Launcher.CARRIERS, saved);
        }
    }

    @Test
    void carriersAreAtLeastFourLikeNettysEventLoops() {
        Launcher.defaultCarriers();

        int expected = Math.max(Runtime.getRuntime().availableProcessors(), 4);
        assertThat(System.getProperty(Launcher.CARRIERS)).isEqualTo(String.valueOf(expected));
    }

    @Test
    void aCarrierCountTheUserSetIsKept() {
        System.setProperty(Launcher.CARRIERS, "1");

        Launcher.defaultCarriers();

        assertThat(System.getProperty(Launcher.CARRIERS)).isEqualTo("1");
    }
}
