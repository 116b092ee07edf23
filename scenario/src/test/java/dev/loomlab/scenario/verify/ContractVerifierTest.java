package dev.loomlab.scenario.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.scenario.ThreadKind;
import dev.loomlab.scenario.ThreadNames;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The verifier against small in-process servers that keep, or break, the contract. */
class ContractVerifierTest {
    @Test
    void aServerThatKeepsTheContractPasses() throws IOException {
        try (ContractStandIn server = ContractStandIn.keeping()) {
            Verification v = new ContractVerifier().verify(server.url());
            assertThat(v.failures()).isEmpty();
            assertThat(v.checks()).hasSize(4 + 3 * 3);
            assertThat(v.threadKind(ThreadNames.NONE)).isEqualTo(ThreadKind.VIRTUAL);
        }
    }

    @Test
    void aServerThatIgnoresBadParametersIsCaught() throws IOException {
        try (ContractStandIn server = ContractStandIn.lax()) {
            Verification v = new ContractVerifier().verify(server.url());
            assertThat(v.passed()).isFalse();
            assertThat(v.failures()).extracting(Check::request).contains("GET /block?ms=-1", "GET /slow-query?ms=abc");
        }
    }

    @Test
    void aBurstWaitsForTheLastAnswer() throws IOException {
        try (ContractStandIn server = ContractStandIn.keeping()) {
            Burst.Result r = Burst.fire(server.url() + "/block?ms=200", 50, Duration.ofSeconds(10));
            assertThat(r.ok()).isEqualTo(50);
            assertThat(r.wallTime()).isBetween(Duration.ofMillis(200), Duration.ofSeconds(5));
        }
    }
}
