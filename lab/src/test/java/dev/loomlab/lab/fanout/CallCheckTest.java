package dev.loomlab.lab.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CallCheckTest {

    @Test
    void aBurstMustAccountForEveryCall() {
        assertThat(new CallCheck(2, 40, 0, 80, 0, false).passed()).isTrue();
        CallCheck oneMissing = new CallCheck(2, 40, 0, 79, 0, false);
        assertThat(oneMissing.passed()).isFalse();
        assertThat(oneMissing.finding()).contains("FAILED").contains("a call was never made");
    }

    @Test
    void anUnsubscribedCallShowsAsOneCallPerRequest() {
        // 500 VUs, 1 s, 20 s window: ~10,000 requests, one call each instead of two.
        CallCheck check = new CallCheck(2, 10_000, 0, 10_020, 500, true);
        assertThat(check.conclusive()).isTrue();
        assertThat(check.passed()).isFalse();
        assertThat(check.finding()).startsWith("fan-out call check FAILED: 2 calls expected per request, 1.00 observed")
                .contains("a call was never made");
    }

    @Test
    void aSlowCellStillShowsTheMissingCall() {
        // Measured here (webflux, 200 VUs, 500 ms, 15 s window on a loaded box): 1,140 calls for 1,125 answers.
        CallCheck check = new CallCheck(2, 1_125, 0, 1_140, 200, true);
        assertThat(check.conclusive()).isTrue();
        assertThat(check.passed()).isFalse();
        // ...while the correct variant of the same run (1,926 answers, 84 failed, 3,969 calls) passes.
        assertThat(new CallCheck(2, 1_928, 84, 3_969, 200, true).passed()).isTrue();
    }

    @Test
    void requestsInFlightAtTheCutOffsAreNotAMismatch() {
        // 500 requests in flight may put up to 500 x 2 calls on the other side of a cut; 5 % for the marks.
        CallCheck check = new CallCheck(2, 10_000, 0, 20_000 + 1_900, 500, true);
        assertThat(check.passed()).isTrue();
        assertThat(check.finding()).startsWith("fan-out call check passed");
    }

    @Test
    void aDoubledCallIsCaughtToo() {
        CallCheck check = new CallCheck(2, 10_000, 0, 40_000, 500, true);
        assertThat(check.passed()).isFalse();
        assertThat(check.finding()).contains("more calls than requests claim");
    }

    @Test
    void aWindowTooShortForItsInFlightRequestsSaysSoInsteadOfJudging() {
        // 3,000 VUs, 1 s, a 2 s window: the cut-offs alone could hide a missing call per request.
        CallCheck check = new CallCheck(2, 6_000, 0, 6_000, 3_000, true);
        assertThat(check.conclusive()).isFalse();
        assertThat(check.finding()).startsWith("fan-out call check inconclusive");
    }
}
