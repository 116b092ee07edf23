package dev.loomlab.lab.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import dev.loomlab.scenario.ThreadKind;
import dev.loomlab.scenario.ThreadNames;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checkout's descriptors, and how strictly a descriptor is read. */
class ServerCatalogTest {
    private static final String MINIMAL = """
            server: tiny
            order: 5
            description: a tiny server
            jar: servers/tiny/target/tiny.jar
            pool: r2dbc
            swapsJdbcDriver: false
            threadNames: {eventLoop: "tiny-loop-"}
            metrics:
              pool: {active: a, idle: i, pending: p}
            scenarios:
              groups: [seeds, pitfalls, fan-outs]
            models:
              - id: tiny
                description: one event loop
                threading: event-loop
                jdk: {min: 21, default: 25, orNewestInstalled: true}
            """;

    @Test
    void everyServerModuleWithADescriptorServesItsModelsInItsOrder() throws IOException {
        List<String> modules;
        try (Stream<Path> folders = Files.list(LabHome.root().resolve("servers"))) {
            modules = folders.filter(f -> Files.isRegularFile(f.resolve(ServerCatalog.DESCRIPTOR))).map(f -> f.getFileName().toString()).toList();
        }
        List<ServerDescriptor> servers = ServerCatalog.read(ServerCatalog.descriptorFiles()).servers();

        assertThat(servers).extracting(ServerDescriptor::server).as("each named after its folder").containsExactlyInAnyOrderElementsOf(modules);
        assertThat(servers).extracting(ServerDescriptor::order).isSorted().doesNotHaveDuplicates();
        assertThat(Model.idList()).as("servers by their order, each one's models as listed")
                .containsExactlyElementsOf(servers.stream().flatMap(d -> d.models().stream()).map(ServerDescriptor.ModelDescriptor::id).toList());
        assertThat(Model.values()).allSatisfy(m -> assertThat(servers).filteredOn(d -> d.server().equals(m.server()))
                .singleElement().satisfies(d -> assertThat(d.models()).extracting(ServerDescriptor.ModelDescriptor::id).contains(m.id())));
        assertThat(Model.idList()).as("a plan's default models open with the seeds' pair").startsWith("mvc-platform", "mvc-virtual");
    }

    @Test
    void eachModelsThreadsAndJdksAreItsLaunchers() {
        Model legacy = Model.byId("legacy");
        Model legacyVirtual = Model.byId("legacy-virtual");
        Model mvcVirtual = Model.byId("mvc-virtual");

        assertThat(legacy.threadPerRequestPool()).isTrue();
        assertThat(legacy.minJdk()).isEqualTo(17);
        assertThat(legacy.defaultJdk()).isEqualTo(17);
        assertThat(legacyVirtual.defaultJdk()).isEqualTo(21);
        assertThat(mvcVirtual.defaultJdk()).isEqualTo(25);
        assertThat(legacyVirtual.carriers(1)).isEqualTo(4);
        assertThat(mvcVirtual.carriers(6)).isEqualTo(6);
        assertThat(Model.byId("webflux").r2dbc()).isTrue();
        assertThat(Model.byId("coroutines").virtualThreads()).isFalse();
    }

    @Test
    void tomcatThreadsReachOnlyTheMvcServer() {
        assertThat(Model.byId("mvc-platform").requestThreads(10)).isEqualTo(OptionalInt.of(10));
        assertThat(Model.byId("mvc-platform").requestThreadsArgs(10)).containsExactly("--server.tomcat.threads.max=10");
        assertThat(Model.byId("mvc-platform").requestThreadsArgs(200)).as("the server's own").isEmpty();
        assertThat(Model.byId("legacy").requestThreads(10)).isEqualTo(OptionalInt.of(200));
        assertThat(Model.byId("legacy").requestThreadsArgs(10)).isEmpty();
        assertThat(Model.byId("mvc-virtual").requestThreads(10)).isEmpty();
        assertThat(Model.byId("webflux").requestThreads(10)).isEmpty();
    }

    @Test
    void webfluxServesEveryScenarioButThoseThatBlockUnderALockOrInNativeCode() {
        assertThat(Model.byId("webflux").served()).extracting(Scenario::id).doesNotContain("pinned", "locked", "native-pinned")
                .contains("threadlocal", "cpu", "slow-query-bulkhead", "write", "read");
        assertThat(Model.byId("mvc-virtual").served()).isEqualTo(Scenarios.all());
        assertThat(Model.byId("legacy").served()).isEqualTo(Scenarios.seeds());
        assertThat(Model.byId("coroutines").served()).isEqualTo(Scenarios.seeds());
        assertThat(Model.byId("webflux").notServed(Scenarios.PINNED)).hasValueSatisfying(why -> assertThat(why).contains("event loops must never block"));
        assertThat(Model.byId("legacy").notServed(Scenarios.CPU)).hasValue("the legacy server implements seed 000's four scenarios only");
    }

    @Test
    void onlyTheMvcServerSwapsItsJdbcDriver() {
        assertThat(Model.values()).filteredOn(Model::swapsJdbcDriver).extracting(Model::id).containsExactly("mvc-platform", "mvc-virtual");
    }

    @Test
    void anUnknownModelNamesTheKnownOnes() {
        assertThatThrownBy(() -> Model.byId("mvc")).hasMessage("unknown model 'mvc' (allowed: " + String.join(", ", Model.idList()) + ")");
        assertThat(Model.idList()).contains("mvc-platform", "webflux");
    }

    @Test
    void aMinimalDescriptorIsEnough(@TempDir Path dir) throws Exception {
        ServerCatalog catalog = ServerCatalog.read(List.of(write(dir, "tiny", MINIMAL)));

        assertThat(catalog.models()).extracting(Model::id).containsExactly("tiny");
        assertThat(catalog.model("tiny").orElseThrow().carriers(2)).as("the JDK's default, one per core").isEqualTo(2);
    }

    @Test
    void anUnknownFieldIsRefusedNamingIt(@TempDir Path dir) throws Exception {
        Path file = write(dir, "tiny", MINIMAL.replace("order: 5", "order: 5\nthreads: 200"));

        assertThatThrownBy(() -> ServerCatalog.read(List.of(file))).isInstanceOf(ServerCatalog.CatalogException.class)
                .hasMessageStartingWith(file + ": ").hasMessageContaining("threads").hasMessageNotContaining("\n");
    }

    @Test
    void aDuplicateKeyIsRefused(@TempDir Path dir) throws Exception {
        Path file = write(dir, "tiny", MINIMAL.replace("order: 5", "order: 5\norder: 6"));

        assertThatThrownBy(() -> ServerCatalog.read(List.of(file))).isInstanceOf(ServerCatalog.CatalogException.class)
                .hasMessageContaining("order");
    }

    @Test
    void aMissingFieldIsRefusedNamingIt(@TempDir Path dir) throws Exception {
        Path file = write(dir, "tiny", MINIMAL.replace("jar: servers/tiny/target/tiny.jar\n", ""));

        assertThatThrownBy(() -> ServerCatalog.read(List.of(file))).isInstanceOf(ServerCatalog.CatalogException.class)
                .hasMessage(file + ": jar: missing");
    }

    @Test
    void aPlatformPoolModelNeedsTheServersRequestThreads(@TempDir Path dir) throws Exception {
        Path file = write(dir, "tiny", MINIMAL.replace("pool: r2dbc", "pool: jdbc").replace("event-loop", "platform-pool"));

        assertThatThrownBy(() -> ServerCatalog.read(List.of(file))).hasMessageContaining("requestThreads: needed exactly when");
    }

    @Test
    void aPlatformPoolModelNeedsItsPoolThreadsNames(@TempDir Path dir) throws Exception {
        Path file = write(dir, "tiny", MINIMAL.replace("pool: r2dbc", "pool: jdbc").replace("event-loop", "platform-pool")
                .replace("swapsJdbcDriver: false", "swapsJdbcDriver: false\nrequestThreads: {limit: 8}"));

        assertThatThrownBy(() -> ServerCatalog.read(List.of(file)))
                .hasMessage(file + ": threadNames.pool: needed, models[tiny] runs on a platform-pool: a part of the names its"
                        + " threads have in /thread-name's answer");
    }

    @Test
    void anEventLoopModelNeedsItsLoopThreadsNames(@TempDir Path dir) throws Exception {
        Path file = write(dir, "tiny", MINIMAL.replace("threadNames: {eventLoop: \"tiny-loop-\"}\n", ""));

        assertThatThrownBy(() -> ServerCatalog.read(List.of(file))).hasMessageContaining("threadNames.eventLoop: needed, models[tiny]");
    }

    @Test
    void theServersTestsReadTheThreadNamesTheLabReads() {
        // The servers' tests read threadNames with ThreadNames.declaredIn, not with the lab's strict reader: the two agree.
        for (Path file : ServerCatalog.descriptorFiles()) {
            assertThat(ThreadNames.declaredIn(file)).as(file.toString())
                    .isEqualTo(ServerCatalog.parse(file).threadNames().orElse(ThreadNames.NONE));
        }
    }

    @Test
    void aThreadIsToldByTheServerWhoseNamesItCarries() {
        ServerCatalog catalog = ServerCatalog.current();

        for (ServerDescriptor server : catalog.servers()) {
            ThreadNames names = server.threadNames().orElse(ThreadNames.NONE);
            names.pool().ifPresent(part -> assertThat(catalog.threadKind("Thread[#40,x" + part + "1,5,main]")).as(server.server())
                    .isEqualTo(ThreadKind.PLATFORM_POOL));
            names.eventLoop().ifPresent(part -> assertThat(catalog.threadKind("Thread[#35," + part + "nio-2,5,main]")).as(server.server())
                    .isEqualTo(ThreadKind.EVENT_LOOP));
        }
        assertThat(catalog.threadKind("VirtualThread[#52,]/runnable@ForkJoinPool-1-worker-1")).isEqualTo(ThreadKind.VIRTUAL);
        assertThat(catalog.threadKind("Thread[#1,main,5,main]")).isEqualTo(ThreadKind.OTHER);
    }

    @Test
    void aPoolWithoutAPoolNameIsCalledAfterItsThreads(@TempDir Path dir) throws Exception {
        Path file = write(dir, "tiny", MINIMAL.replace("pool: r2dbc", "pool: jdbc").replace("event-loop", "platform-pool")
                .replace("threadNames: {eventLoop: \"tiny-loop-\"}", "threadNames: {pool: \"tiny-exec-\"}\nrequestThreads: {limit: 8, name: Tiny threads}"));

        assertThat(ServerCatalog.read(List.of(file)).model("tiny").orElseThrow().requestThreadsPoolName()).hasValue("Tiny");
    }

    @Test
    void anUnknownScenarioExceptionIsRefused(@TempDir Path dir) throws Exception {
        Path file = write(dir, "tiny", MINIMAL.replace("groups: [seeds, pitfalls, fan-outs]",
                "groups: [seeds, pitfalls, fan-outs]\n  except: {sleep: no such thing}"));

        assertThatThrownBy(() -> ServerCatalog.read(List.of(file))).hasMessageContaining("unknown scenario 'sleep'");
    }

    @Test
    void aModelServedByTwoDescriptorsIsRefused(@TempDir Path dir) throws Exception {
        Path one = write(dir, "tiny", MINIMAL);
        Path two = write(dir, "tiny2", MINIMAL.replace("server: tiny", "server: tiny2"));

        assertThatThrownBy(() -> ServerCatalog.read(List.of(one, two))).hasMessage("model 'tiny' is served by two descriptors (the second: tiny2)");
    }

    private static Path write(Path dir, String server, String yaml) throws Exception {
        Path folder = Files.createDirectories(dir.resolve(server));
        return Files.writeString(folder.resolve(ServerCatalog.DESCRIPTOR), yaml);
    }
}
