package dev.loomlab.lab.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.load.Draw;
import dev.loomlab.load.TlsTrust;
import dev.loomlab.scenario.Scenarios;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A plan's requests, thresholds and TLS trust, bound as strictly as its other fields. */
class ForeignServicePlanTest {
    @TempDir
    Path dir;

    private Path plan(String name, String body) throws IOException {
        Path file = dir.resolve(name + ".yaml");
        Files.writeString(file, "name: " + name + "\n" + body);
        return file;
    }

    private static final String REQUESTS = """
            requests:
              - name: item
                path: /items/{id}
                values: {id: 1..10}
                weight: 3
              - name: order
                method: post
                path: /orders
                body: '{"id": {id}}'
                values: {id: [a, b]}
                status: 201
            """;

    @Test
    void requestsAreThePlansOneScenarioWithTheirThresholds() throws IOException {
        Plan plan = PlanLoader.load(plan("mix", REQUESTS + "slo: ['p99 < 250ms', 'errors < 0.1%']\ntls: insecure\n").toString(), Map.of());

        assertThat(plan.scenarios()).containsExactly(Scenarios.REQUESTS);
        assertThat(plan.requests()).extracting(r -> r.name() + " " + r.method() + " " + r.weight() + " " + r.status())
                .containsExactly("item GET 3 200", "order POST 1 201");
        assertThat(plan.requests().get(1).values()).containsEntry("id", Draw.of(java.util.List.of("a", "b")));
        assertThat(plan.slos()).extracting(Object::toString).containsExactly("p99 < 250ms", "errors < 0.1%");
        assertThat(plan.tls()).isEqualTo(TlsTrust.INSECURE);
    }

    @Test
    void aPlanMeasuresTheContractOrItsOwnRequestsNotBoth() throws IOException {
        assertThatThrownBy(() -> PlanLoader.load(plan("both", REQUESTS + "scenarios: [block]\n").toString(), Map.of()))
                .isInstanceOf(PlanException.class)
                .hasMessage("scenarios and requests: a plan measures the contract's scenarios or requests of its own, give one of them");
    }

    @Test
    void requestsAreSentByHyperfoilOnly() throws IOException {
        assertThatThrownBy(() -> PlanLoader.load(plan("k6mix", REQUESTS).toString(), Map.of("engine", "k6")))
                .hasMessage("requests are sent by the hyperfoil engine only (a mix, headers, bodies, https): drop --engine k6");
    }

    @Test
    void eachRequestIsNamedOnceAndAMistakeInOneNamesIt() throws IOException {
        assertThatThrownBy(() -> PlanLoader.load(plan("twice", """
                requests:
                  - {name: item, path: /a}
                  - {name: item, path: /b}
                """).toString(), Map.of()))
                .hasMessage("requests: 'item' is named twice (each request needs a name of its own)");
        assertThatThrownBy(() -> PlanLoader.load(plan("unfilled", """
                requests:
                  - {name: item, path: '/items/{id}'}
                """).toString(), Map.of()))
                .hasMessage("requests.item: {id} has no entry in its values");
    }

    @Test
    void aRequestsThresholdNamesOneOfThePlansRequests() throws IOException {
        assertThatThrownBy(() -> PlanLoader.load(plan("slo", REQUESTS + "slo: ['orders.p99 < 1s']\n").toString(), Map.of()))
                .hasMessage("slo: 'orders.p99 < 1s': the plan has no request named 'orders' (its requests: item, order)");
    }

    @Test
    void requestsNeedAServiceOfTheUsersAndAJarNeedsRequests() throws IOException {
        var noService = dev.loomlab.lab.e2e.InProcessLab.execute("run", "--plan", plan("nowhere", REQUESTS).toString(),
                "--out", dir.resolve("out").toString());
        assertThat(noService.status()).isEqualTo(2);
        assertThat(noService.stderr()).isEqualTo("loomlab: requests go to a service of yours: give --target URL (a running one) "
                + "or --app JAR (the lab runs it)\n");
        Path jar = Files.createFile(dir.resolve("service.jar"));
        var noRequests = dev.loomlab.lab.e2e.InProcessLab.execute("run", "--plan", plan("bare", "").toString(), "--app", jar.toString(),
                "--out", dir.resolve("out").toString());
        assertThat(noRequests.status()).isEqualTo(2);
        assertThat(noRequests.stderr()).isEqualTo("loomlab: app: your jar needs the plan's requests (what to send it): "
                + "add requests to a plan file\n");
        var notBoot = dev.loomlab.lab.e2e.InProcessLab.execute("run", "--plan", plan("notboot", REQUESTS).toString(), "--app",
                jar.toString(), "--out", dir.resolve("out").toString());
        assertThat(notBoot.status()).isEqualTo(2);
        assertThat(notBoot.stderr()).startsWith("loomlab: app-virtual: service.jar is not a Spring Boot jar (its manifest has no "
                + "Spring-Boot-Version), and spring.threads.virtual.enabled needs Boot 3.2+");
    }

    @Test
    void anAppEnvNameThatNoEnvironmentCanHoldIsRefusedWithOneLine() throws IOException {
        Path jar = Files.createFile(dir.resolve("service.jar"));
        var equals = dev.loomlab.lab.e2e.InProcessLab.execute("run", "--plan",
                plan("env", REQUESTS + "appEnv: {'API=KEY': s3cr3t}\n").toString(), "--app", jar.toString(),
                "--out", dir.resolve("out").toString());
        assertThat(equals.status()).isEqualTo(2);
        assertThat(equals.stderr()).isEqualTo("loomlab: appEnv: 'API=KEY' is not an environment variable name (letters, digits and _,"
                + " not starting with a digit)\n");
    }

    @Test
    void aTrustedCertificateMustBeAFile() throws IOException {
        assertThatThrownBy(() -> PlanLoader.load(plan("cert", REQUESTS).toString(), Map.of("tls", dir.resolve("none.pem").toString())))
                .hasMessageStartingWith("tls: expected insecure or a PEM certificate file, but ");
    }
}
