package dev.loomlab.lab.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.database.DatabaseEndpoint;
import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.scenario.Dialect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line each model's server starts with, as its descriptor says; nothing is launched. */
class ServerLaunchTest {
    private static final Jdk JDK_25 = new Jdk(Path.of("/jdk25"), "25.0.1", "test");
    private static final Jdk JDK_17 = new Jdk(Path.of("/jdk17"), "17.0.9", "test");
    /** Two cores, taskset present: the server gets CPU 1. */
    private static final CpuLayout PINNED = CpuLayout.forCores(2, true);
    private static final CpuLayout UNPINNED = CpuLayout.forCores(1, false);
    private static final DatabaseEndpoint DB = new DatabaseEndpoint(Dialect.POSTGRES, "jdbc:postgresql://127.0.0.1:5432/loomlab",
            "r2dbc:postgresql://127.0.0.1:5432/loomlab", "loomlab", "secret");

    private static ServerSpec spec(String model, Jdk jdk, JdbcDriver driver) {
        return new ServerSpec(Model.byId(model), jdk, "512m", 150, DB, PINNED, 0, Path.of("server.log"), null,
                Duration.ofSeconds(30), List.of("--extra"), driver, List.of());
    }

    private static ServerLaunch launch(String model) {
        return ServerLaunch.of(spec(model, JDK_25, null), m -> Path.of("/checkout").resolve(m.jar()));
    }

    @Test
    void aUsersJarGetsThePoolByBootsNameTheSwitchAndItsOwnArgumentsAndEnvironmentLast() {
        dev.loomlab.lab.catalog.ServerCatalog.withApp(new dev.loomlab.lab.catalog.AppJar(Path.of("/work/shop.jar"),
                List.of("--server.tomcat.threads.max=64", "--spring.profiles.active=bench"),
                java.util.Map.of("SPRING_DATASOURCE_URL", "jdbc:postgresql://db.internal/shop", "FEATURE_X", "on"), Optional.empty()));
        ServerLaunch platform = ServerLaunch.of(spec("app-platform", JDK_25, null), m -> Path.of("/checkout").resolve(m.jar()));
        ServerLaunch virtual = ServerLaunch.of(spec("app-virtual", JDK_25, null), m -> Path.of("/checkout").resolve(m.jar()));

        assertThat(platform.command()).containsSubsequence("-jar", "/work/shop.jar")
                .contains("--spring.datasource.hikari.maximum-pool-size=150", "--server.tomcat.mbeanregistry.enabled=true")
                .noneMatch(a -> a.startsWith("--loomlab."))
                // the user's own arguments come last: Boot takes the last value of a property given twice
                .containsSubsequence("--spring.threads.virtual.enabled=false", "--extra", "--server.tomcat.threads.max=64",
                        "--spring.profiles.active=bench")
                .endsWith("--spring.profiles.active=bench");
        // on the lab's machine the jar listens on loopback only (Boot binds every interface unless told), unless the user says
        assertThat(platform.command()).containsSubsequence("--server.address=127.0.0.1", "--server.tomcat.threads.max=64");
        assertThat(virtual.command()).contains("--spring.threads.virtual.enabled=true");
        assertThat(platform.environment()).containsEntry("SPRING_DATASOURCE_URL", "jdbc:postgresql://db.internal/shop")
                .containsEntry("FEATURE_X", "on").containsEntry("SPRING_DATASOURCE_PASSWORD", "secret");
        // a user's jar is started as it is: no start-up cache is trained from it
        assertThat(platform.training()).isEmpty();
    }

    @Test
    void aUsersCredentialArgumentsReachTheJarInItsEnvironmentNotOnItsCommandLine() {
        dev.loomlab.lab.catalog.ServerCatalog.withApp(new dev.loomlab.lab.catalog.AppJar(Path.of("/work/shop.jar"),
                List.of("--spring.datasource.password=s3cr3t", "--spring.profiles.active=bench", "--shop.api-key=k3y"),
                java.util.Map.of("SPRING_APPLICATION_JSON", "{\"shop\": {\"currency\": \"EUR\"}, \"shop.api-key\": \"old\"}"),
                Optional.empty()));
        ServerLaunch launch = ServerLaunch.of(spec("app-virtual", JDK_25, null), m -> Path.of("/checkout").resolve(m.jar()));

        // every local user reads a command line (ps); only the lab's user reads an environment
        assertThat(String.join(" ", launch.command())).doesNotContain("s3cr3t").doesNotContain("k3y")
                .endsWith("--spring.profiles.active=bench");
        // merged into the plan's own SPRING_APPLICATION_JSON, and over it, as the command line would have won
        assertThat(launch.environment().get("SPRING_APPLICATION_JSON")).isEqualTo(
                "{\"shop\":{\"currency\":\"EUR\"},\"shop.api-key\":\"k3y\",\"spring.datasource.password\":\"s3cr3t\"}");
    }

    @Test
    void aUsersCredentialArgumentsStayAsGivenWhenTheirOwnApplicationJsonIsNoObject() {
        dev.loomlab.lab.catalog.ServerCatalog.withApp(new dev.loomlab.lab.catalog.AppJar(Path.of("/work/shop.jar"),
                List.of("--shop.api-key=k3y"), java.util.Map.of("SPRING_APPLICATION_JSON", "[1]"), Optional.empty()));
        ServerLaunch launch = ServerLaunch.of(spec("app-virtual", JDK_25, null), m -> Path.of("/checkout").resolve(m.jar()));

        assertThat(launch.command()).endsWith("--shop.api-key=k3y");
        assertThat(launch.environment()).containsEntry("SPRING_APPLICATION_JSON", "[1]");
    }

    @Test
    void legacyVirtualRunsTheLegacyJarWithVirtualThreadsEnabled() {
        ServerLaunch l = launch("legacy-virtual");

        assertThat(l.command()).containsSubsequence("-jar", "/checkout/servers/legacy/target/loomlab-server-legacy.jar")
                .containsSubsequence("--spring.threads.virtual.enabled=true", "--extra");
        assertThat(l.environment()).containsEntry("SPRING_DATASOURCE_URL", DB.jdbcUrl()).doesNotContainKey("SPRING_R2DBC_URL");
    }

    @Test
    void aReactiveServerGetsR2dbcAndNoThreadSwitch() {
        ServerLaunch l = launch("webflux");

        assertThat(l.command()).contains("/checkout/servers/webflux/target/loomlab-server-webflux.jar")
                .noneMatch(a -> a.startsWith("--spring.threads.virtual.enabled"));
        assertThat(l.environment()).containsEntry("SPRING_R2DBC_URL", DB.r2dbcUrl()).doesNotContainKey("SPRING_DATASOURCE_URL");
        assertThat(String.join(" ", l.command())).doesNotContain("secret");
    }

    @Test
    void thePasswordGoesInTheEnvironmentAndTheFlightRecordingRecordsNeitherItNorTheLabsCommandLine() {
        ServerSpec recorded = new ServerSpec(Model.byId("mvc-virtual"), JDK_25, "512m", 150, DB, PINNED, 0, Path.of("server.log"),
                Path.of("cell.jfr"), Duration.ofSeconds(30), List.of());

        ServerLaunch l = ServerLaunch.of(recorded, m -> Path.of("/checkout").resolve(m.jar()));

        assertThat(String.join(" ", l.command())).doesNotContain("secret");
        assertThat(l.environment()).containsEntry("SPRING_DATASOURCE_PASSWORD", "secret");
        // JFR records the environment it started with and every process's command line (the lab's may hold the password).
        assertThat(l.command()).filteredOn(a -> a.startsWith("-XX:StartFlightRecording")).singleElement().asString()
                .contains("jdk.InitialEnvironmentVariable#enabled=false").contains("jdk.SystemProcess#enabled=false");
    }

    @Test
    void onlyAServerThatSwapsItsDriverIsGivenAnother() {
        assertThatThrownBy(() -> ServerLaunch.of(spec("legacy", JDK_25, JdbcDriver.MYSQL_8), m -> Path.of("x.jar")))
                .isInstanceOf(ServerStartException.class).hasMessageContaining("legacy cannot swap its JDBC driver");
    }

    @Test
    void aVirtualThreadModelRefusesAJdkWithoutThem() {
        assertThatThrownBy(() -> ServerLaunch.of(spec("legacy-virtual", JDK_17, null), m -> Path.of("x.jar")))
                .isInstanceOf(ServerStartException.class).hasMessageContaining("legacy-virtual needs JDK 21+");
        assertThat(ServerLaunch.of(spec("legacy", JDK_17, null), m -> Path.of("x.jar")).command()).first().isEqualTo(JDK_17.java().toString());
    }

    @Test
    void aCachedServerStartsFromItsExtractedJarAndItsTrainingRecordsLikeTheCellButIntoTheCache(@TempDir Path dir) throws Exception {
        StartupCache cache = new StartupCache(dir.resolve("app/loomlab-server-mvc.jar"), dir.resolve("classes-jfr.aot"), StartupCache.Format.AOT);
        ServerSpec recorded = new ServerSpec(Model.byId("mvc-virtual"), JDK_25, "512m", 150, DB, PINNED, 0, Path.of("server.log"),
                Path.of("cell.jfr"), Duration.ofSeconds(30), List.of("--extra"), null, List.of());
        ServerLaunch.Caches caches = (jar, jdk, recording) -> recording ? Optional.of(cache) : Optional.empty();

        ServerLaunch untrained = ServerLaunch.of(recorded, m -> Path.of("fat.jar"), caches);
        Files.writeString(cache.archive(), "trained");
        ServerLaunch trained = ServerLaunch.of(recorded, m -> Path.of("fat.jar"), caches);
        ServerLaunch swapped = ServerLaunch.of(new ServerSpec(Model.byId("mvc-virtual"), JDK_25, "512m", 150, DB, UNPINNED, 0,
                Path.of("server.log"), Path.of("cell.jfr"), Duration.ofSeconds(30), List.of(), JdbcDriver.MYSQL_8, List.of()),
                m -> Path.of("fat.jar"), caches);

        assertThat(untrained.command()).containsSubsequence("-XX:+ExitOnOutOfMemoryError", "-jar", cache.extractedJar().toString(),
                "--server.port=0").anyMatch(a -> a.startsWith("-XX:StartFlightRecording=filename=cell.jfr,")).doesNotContain("fat.jar");
        List<String> training = untrained.training().orElseThrow().command();
        assertThat(training).containsSubsequence("-Xms512m", "-Dspring.context.exit=onRefresh", "-jar", cache.extractedJar().toString(),
                "--server.port=0", "--extra")
                .anyMatch(a -> a.startsWith("-XX:StartFlightRecording=filename=" + dir.resolve("training.jfr") + ","))
                .noneMatch(a -> a.contains("cell.jfr"));
        assertThat(trained.training()).isEmpty();
        assertThat(trained.command()).containsSubsequence("-XX:AOTCache=" + cache.archive(), "-jar", cache.extractedJar().toString());
        assertThat(swapped.command()).contains("fat.jar").noneMatch(a -> a.startsWith("-XX:AOTCache"));
        // what the cell records of its start: only the trained cache's command starts from it
        assertThat(untrained.fromCache()).isFalse();
        assertThat(trained.fromCache()).isTrue();
        assertThat(swapped.fromCache()).isFalse();
        // started on every CPU, pinned once ready: sized for the server's one CPU, the training start as the cell's
        assertThat(untrained.command()).contains("-XX:ActiveProcessorCount=1");
        assertThat(training).contains("-XX:ActiveProcessorCount=1");
        // nothing pinned: the JVM sizes itself for the CPUs it sees
        assertThat(swapped.command()).noneMatch(a -> a.startsWith("-XX:ActiveProcessorCount"));
    }
}
