package dev.loomlab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;

/** The rule the lab and the driver share: a host is judged by the addresses it resolves to, not by how it is written. */
class TargetHostTest {

    @Test
    void loopbackAddressesAndTheLoopbackNameAreLocal() {
        assertThat(TargetHost.isLocal("127.0.0.1", a -> false)).isTrue();
        assertThat(TargetHost.isLocal("127.10.20.30", a -> false)).isTrue();
        assertThat(TargetHost.isLocal("[::1]", a -> false)).isTrue();
        assertThat(TargetHost.isLocal("localhost", a -> false)).as("a name resolved to loopback").isTrue();
    }

    @Test
    void anAddressElsewhereIsRemoteAndRefusedUnlessAllowed() {
        assertThat(TargetHost.isLocal("10.0.0.1", a -> false)).isFalse();
        assertThat(TargetHost.isLocal("128.0.0.1", a -> false)).isFalse();
        assertThatThrownBy(() -> TargetHost.check("10.0.0.1", false, a -> false, ""))
                .isInstanceOf(InvalidLoadException.class)
                .hasMessageContaining("10.0.0.1").hasMessageContaining("loopback").hasMessageContaining("--allow-remote-target");
        assertThatCode(() -> TargetHost.check("10.0.0.1", true, a -> false, "")).doesNotThrowAnyException();
    }

    @Test
    void theCallersOwnAddressesAreLocalToo() throws Exception {
        InetAddress ownNetwork = InetAddress.getByName("10.231.7.2");
        assertThatCode(() -> TargetHost.check("10.231.7.2", false, ownNetwork::equals, "a namespace of the lab's"))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> TargetHost.check("10.231.7.3", false, ownNetwork::equals, "a namespace of the lab's"))
                .hasMessageContaining("nor a namespace of the lab's");
    }

    @Test
    void aNameThatResolvesNowhereIsRefusedByName() {
        // .invalid never resolves (RFC 6761), so no resolver is asked anything that could answer
        assertThatThrownBy(() -> TargetHost.isLocal("no-such-host.invalid", a -> false))
                .isInstanceOf(InvalidLoadException.class).hasMessageContaining("unknown target host 'no-such-host.invalid'");
    }
}
