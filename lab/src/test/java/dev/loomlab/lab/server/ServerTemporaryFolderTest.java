package dev.loomlab.lab.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.database.Databases;
import dev.loomlab.database.RunningDatabase;
import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.os.Taskset;
import dev.loomlab.scenario.Dialect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server's temporary files (Tomcat's work folders, a recording's repository) go to a folder of its own beside its log,
 * and that folder is gone once it has stopped: before, every start left a {@code tomcat.0.*} folder in /tmp.
 */
class ServerTemporaryFolderTest {

    @Test
    void aServersTemporaryFilesLiveBesideItsLogAndLeaveWithIt(@TempDir Path dir) throws Exception {
        CpuLayout cpus = CpuLayout.forCores(Taskset.machineCores(), Taskset.available());
        ServerSpec spec = new ServerSpec(Model.byId("mvc-platform"), Jdk.current(), "256m", 10, null, cpus, 0,
                dir.resolve("logs/mvc-platform-block-r1.server.log"), dir.resolve("mvc-platform-block-r1.jfr"), Duration.ofSeconds(180),
                List.of(), null, List.of());
        Path temporary = dir.resolve("logs/mvc-platform-block-r1.server.tmp");
        assertThat(ServerLaunch.temporaryFolder(spec)).isEqualTo(temporary);
        try (RunningDatabase db = Databases.startEmbedded(Dialect.POSTGRES)) {
            ServerSpec onDb = new ServerSpec(spec.model(), spec.jdk(), spec.heap(), spec.poolSize(), db.endpoint(), cpus, 0, spec.log(),
                    spec.jfr(), spec.startTimeout(), List.of(), null, List.of());
            try (ServerProcess server = ServerProcess.start(onDb)) {
                String commandLine = Files.readString(Path.of("/proc", Long.toString(server.pid()), "cmdline")).replace('\0', ' ');
                assertThat(commandLine).contains("-Djava.io.tmpdir=" + temporary);
                try (Stream<Path> inside = Files.list(temporary)) {
                    assertThat(inside.map(p -> p.getFileName().toString()).toList()).as("Tomcat's and the recording's folders")
                            .anySatisfy(name -> assertThat(name).startsWith("tomcat"));
                }
            }
        }
        assertThat(temporary).doesNotExist();
        assertThat(dir.resolve("mvc-platform-block-r1.jfr")).as("the recording itself stays").exists();
    }
}
