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
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real server started twice on an empty start-up cache folder: the first start trains the cache (its time holds the
 * training JVM's), the second starts from it, and each says so — what its cell records of how its server started.
 */
class CacheUseTest {

    @Test
    void theFirstStartOnAnEmptyCacheTrainsItAndTheNextStartsFromIt(@TempDir Path dir) throws Exception {
        Path caches = Files.createDirectories(dir.resolve("startup-cache"));
        ServerLaunch.Caches inDir = (jar, jdk, recording) -> StartupCache.of(jar, jdk, recording, caches);
        try (RunningDatabase db = Databases.startEmbedded(Dialect.POSTGRES)) {
            CacheUse first;
            try (ServerProcess server = ServerProcess.start(spec(db, dir.resolve("first.server.log")), inDir)) {
                first = server.start().cacheUse();
            }
            List<Path> archives = archives(caches);
            FileTime recorded = archives.isEmpty() ? null : Files.getLastModifiedTime(archives.getFirst());
            CacheUse second;
            try (ServerProcess server = ServerProcess.start(spec(db, dir.resolve("second.server.log")), inDir)) {
                second = server.start().cacheUse();
            }

            assertThat(first).isEqualTo(CacheUse.TRAINED);
            assertThat(archives).as("the first start's training recorded the cache").singleElement()
                    .satisfies(archive -> assertThat(archive).isNotEmptyFile());
            assertThat(second).isEqualTo(CacheUse.FROM_CACHE);
            assertThat(Files.getLastModifiedTime(archives.getFirst())).as("the second start took it as it was").isEqualTo(recorded);
        }
    }

    private static ServerSpec spec(RunningDatabase db, Path log) {
        return new ServerSpec(Model.byId("mvc-virtual"), Jdk.current(), "256m", 10, db.endpoint(),
                CpuLayout.forCores(Taskset.machineCores(), Taskset.available()), 0, log, null, Duration.ofSeconds(180),
                List.of(), null, List.of());
    }

    /** The cache archives under {@code caches}: {@code classes.aot} (JDK 25+) or {@code classes.jsa}. */
    private static List<Path> archives(Path caches) throws Exception {
        try (Stream<Path> files = Files.walk(caches)) {
            return files.filter(p -> p.getFileName().toString().matches("classes\\.(aot|jsa)")).sorted().toList();
        }
    }
}
