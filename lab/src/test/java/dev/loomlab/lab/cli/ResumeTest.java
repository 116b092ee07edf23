package dev.loomlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.PlanBinding;
import dev.loomlab.lab.plan.PlanDocument;
import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.settings.PlanException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code --resume} measures the rest of a run with the plan its manifest recorded, field for field. */
class ResumeTest {
    private static final Manifest.Build THIS_BUILD = new Manifest.Build("0.1.0", "abc123");

    @TempDir
    Path tmp;

    @Test
    void aResumedRunKeepsItsTomcatThreads() throws IOException {
        Plan started = PlanLoader.load("quick", Map.of("tomcatThreads", "10"));

        assertThat(resumed(started).tomcatThreads()).isEqualTo(10);
    }

    @Test
    void aResumedRunKeepsItsJdbcDriverAxis() throws IOException {
        Plan started = PlanLoader.load("quick", Map.of("database", "mariadb", "jdbcDrivers", List.of("mariadb", "mysql-8.1.0")));

        assertThat(resumed(started).jdbcDrivers()).containsExactly("mariadb", "mysql-8.1.0");
    }

    @Test
    void aResumedRunIsTheRunThatStarted() throws IOException {
        Plan started = PlanLoader.load("seed-notes", Map.of("rate", "250.5", "duration", "1m30s", "jdks", "21,25"));

        assertThat(resumed(started)).isEqualTo(started);
    }

    @Test
    void aManifestOfTheFirstSchemaResumesOnItsTomcatThreadsAndDriverAxis() throws IOException {
        Files.writeString(tmp.resolve(RunFolder.MANIFEST), """
                {"schema": 1, "runId": "r", "status": "interrupted", "gitCommit": "abc123", "versions": {"loomlab": "0.1.0"},
                 "plan": {"name": "quick", "description": "d", "models": ["mvc-virtual"], "scenarios": ["block"], "sleepMs": 1000,
                          "vus": 20, "warmup": "5s", "duration": "10s", "rounds": 1, "poolSize": 150, "tomcatMaxThreads": 10,
                          "heap": "1g", "database": "mariadb", "dbUrl": "embedded", "engine": "hyperfoil", "requestTimeout": "60s",
                          "jdbcDrivers": {"mysql-8.1.0": "mysql-connector-j 8.1.0"}, "topology": "local", "drivers": 1}}
                """);

        Plan plan = Resume.plan("--resume r", manifestTree(), PlanDocument.EMPTY);

        assertThat(plan.tomcatThreads()).isEqualTo(10);
        assertThat(plan.jdbcDrivers()).containsExactly("mysql-8.1.0");
        assertThat(plan.dbUrl()).isNull();
        assertThat(new RunFolder(tmp).readManifest().plan().tomcatThreads()).as("reports read it the same way").isEqualTo(10);
    }

    @Test
    void aManifestsPlanIsBoundAsStrictlyAsAPlanFile() throws IOException {
        write(PlanLoader.load("quick", Map.of()));
        String json = Files.readString(tmp.resolve(RunFolder.MANIFEST)).replace("\"rounds\" : 1", "\"rounds\" : 1, \"round\" : 2");
        Files.writeString(tmp.resolve(RunFolder.MANIFEST), json);

        assertThatThrownBy(() -> Resume.plan("--resume r", manifestTree(), PlanDocument.EMPTY))
                .isInstanceOf(PlanException.class)
                .hasMessageStartingWith("plan --resume r manifest: unknown field 'round' (allowed: name, description,");
    }

    @Test
    void aMaskedDatabaseUrlMustBeGivenAgainAndCredentialsComeFromTheFlags() throws IOException {
        Plan started = PlanLoader.load("quick", Map.of("dbUrl", "jdbc:postgresql://db/x?password=secret", "dbUser", "u", "dbPassword", "p"));
        write(started);
        assertThat(Files.readString(tmp.resolve(RunFolder.MANIFEST))).doesNotContain("secret").doesNotContain("\"dbUser\"")
                .doesNotContain("\"dbPassword\"");

        assertThatThrownBy(() -> Resume.plan("--resume r", manifestTree(), PlanDocument.EMPTY))
                .isInstanceOf(PlanException.class)
                .hasMessage("--resume r: the run's dbUrl was recorded masked: give it again with --db-url");

        PlanDocument flags = PlanBinding.bind("command line",
                Map.of("dbUrl", "jdbc:postgresql://db/x?password=secret", "dbUser", "u", "dbPassword", "p"));
        assertThat(Resume.plan("--resume r", manifestTree(), flags)).isEqualTo(started);
    }

    @Test
    void theTokensACredentialHeaderDrawsAreNotRecordedAndComeBackFromThePlanFileGivenAgain() throws IOException {
        Path planFile = drawnTokenPlan();
        Plan started = PlanLoader.load(planFile.toString(), Map.of());
        write(started);
        assertThat(Files.readString(tmp.resolve(RunFolder.MANIFEST))).doesNotContain("t0k3n").contains("\"token\"");

        assertThat(Resume.plan("--resume r", manifestTree(), PlanLoader.document(planFile.toString()))).isEqualTo(started);
    }

    @Test
    void aRunWhoseDrawnTokensAreNotGivenAgainIsRefusedInOneLineNamingThem() throws IOException {
        Plan started = PlanLoader.load(drawnTokenPlan().toString(), Map.of());
        new RunFolder(tmp).writeManifest(new Manifest.Builder().runId("r").plan(PlanDocument.of(started).masked())
                .versions(Map.of("loomlab", Manifest.LOOMLAB_VERSION))
                .gitCommit(dev.loomlab.lab.result.Provenance.gitCommit(dev.loomlab.lab.catalog.LabHome.root())).build());

        assertThat(run("run", "--resume", tmp.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("loomlab: --resume " + tmp + ": the run's requests.me.values.token was recorded masked:"
                + " give the plan file again with --plan FILE" + System.lineSeparator());
    }

    /** A plan whose bearer token is drawn from a list for each request. */
    private Path drawnTokenPlan() throws IOException {
        return Files.writeString(tmp.resolve("mine.yaml"), """
                name: mine
                requests:
                  - name: me
                    path: /users/{user}
                    headers: {Authorization: "Bearer {token}", Accept: application/json}
                    values: {token: [t0k3n-a, t0k3n-b], user: 1..9}
                """);
    }

    @Test
    void aRunWrittenByAnotherBuildIsRefusedWithoutForce() {
        Manifest previous = manifestBy(new Manifest.Build("0.1.0", "old999"), null);

        assertThatThrownBy(() -> Resume.builds("--resume r", previous, THIS_BUILD, false))
                .isInstanceOf(PlanException.class)
                .hasMessage("--resume r: the run was written by loomlab 0.1.0 at old999, this is 0.1.0 at abc123: resume it with that"
                        + " build, or give --force to mix two builds' cells (the manifest records both)");
    }

    @Test
    void withForceTheManifestRecordsBothBuilds() {
        Manifest previous = manifestBy(new Manifest.Build("0.1.0", "old999"), null);

        assertThat(Resume.builds("--resume r", previous, THIS_BUILD, true))
                .containsExactly(new Manifest.Build("0.1.0", "old999"), THIS_BUILD);
        assertThat(Resume.builds("--resume r", manifestBy(THIS_BUILD, null), THIS_BUILD, false)).as("the same build").isNull();
    }

    @Test
    void theRunVerbRefusesAnotherBuildsFolderInOneLineAndForceWithoutResume() {
        new RunFolder(tmp).writeManifest(new Manifest.Builder().runId("r").plan(PlanDocument.of(PlanLoader.load("quick", Map.of())).masked())
                .versions(Map.of("loomlab", "0.0.9")).gitCommit("old999").build());

        assertThat(run("run", "--resume", tmp.toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("loomlab: --resume " + tmp + ": the run was written by loomlab 0.0.9 at old999, this is 0.1.0 at ")
                .contains("give --force").hasLineCount(1);

        err.reset();
        assertThat(run("run", "--force")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("loomlab: --force goes with --resume only (it lets another build resume a run folder)"
                + System.lineSeparator());
    }

    private final java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();

    private int run(String... args) {
        picocli.CommandLine cli = Loomlab.commandLine();
        cli.setErr(new java.io.PrintWriter(err, true));
        return cli.execute(args);
    }

    private Plan resumed(Plan started) throws IOException {
        write(started);
        return Resume.plan("--resume r", manifestTree(), PlanDocument.EMPTY);
    }

    /** The manifest as a run writes it (RunCommand.manifest's plan part). */
    private void write(Plan plan) {
        new RunFolder(tmp).writeManifest(new Manifest.Builder().runId("r").plan(PlanDocument.of(plan).masked())
                .versions(Map.of("loomlab", "0.1.0")).gitCommit("abc123").build());
    }

    private JsonNode manifestTree() throws IOException {
        return Manifest.upgrade(PlanBinding.jsonTree("manifest", Files.readString(tmp.resolve(RunFolder.MANIFEST))));
    }

    private static Manifest manifestBy(Manifest.Build build, List<Manifest.Build> builds) {
        return new Manifest.Builder().runId("r").versions(Map.of("loomlab", build.loomlab())).gitCommit(build.gitCommit())
                .builds(builds).build();
    }
}
