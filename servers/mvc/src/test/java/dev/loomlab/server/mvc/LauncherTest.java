package dev.loomlab.server.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.server.shared.ServerLauncher;
import dev.loomlab.server.testkit.ClearedSystemProperty;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The carrier count the launcher gives virtual threads, and that a user's own value wins. */
class LauncherTest {
    @RegisterExtension
    final ClearedSystemProperty carriers = new ClearedSystemProperty(ServerLauncher.CARRIERS);

    @Test
    void carriersAreAtLeastFourLikeNettysEventLoops() {
        ServerLauncher.defaultCarriers();

        int expected = Math.max(Runtime.getRuntime().availableProcessors(), 4);
        assertThat(System.getProperty(ServerLauncher.CARRIERS)).isEqualTo(String.valueOf(expected));
    }

    @Test
    void aCarrierCountTheUserSetIsKept() {
        System.setProperty(ServerLauncher.CARRIERS, "1");

        ServerLauncher.defaultCarriers();

        assertThat(System.getProperty(ServerLauncher.CARRIERS)).isEqualTo("1");
    }
}
