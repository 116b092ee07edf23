package dev.loomlab.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.scenario.Dialect;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StartFailureTest {

    @TempDir
    Path parent;

    @Test
    void aTakenPortFailsClearlyAndLeavesNothingBehind() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
            EmbeddedOptions options = EmbeddedOptions.defaults().withPort(taken.getLocalPort()).withDataDirParent(parent);
            assertThatThrownBy(() -> Databases.startEmbedded(Dialect.POSTGRES, options))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("cannot start embedded PostgreSQL on 127.0.0.1:" + taken.getLocalPort())
                    .satisfies(e -> System.out.println("MESSAGE " + e.getMessage()));
        }
        try (Stream<Path> left = Files.list(parent)) {
            assertThat(left).isEmpty();
        }
    }
}
