package dev.loomlab.lab.cell;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * When a drain's rest may run beside the next cell, on drains whose answer is known: 3,000 requests in flight drained
 * at a steady rate end at 3,000 / rate seconds.
 */
class DrainWatchTest {
    private static final Duration ONE_SECOND_SERVICE_ALONE = Duration.ofSeconds(2);
    private static final Duration NEXT_WARMUP_LESS_ENDING = Duration.ofSeconds(12);

    private static DrainWatch watch() {
        return new DrainWatch(3_000, ONE_SECOND_SERVICE_ALONE, NEXT_WARMUP_LESS_ENDING);
    }

    /** Reports once a second from the window's end at 50 s, {@code perSecond} answered each second. */
    private static int firstHandOver(DrainWatch watch, long requestsAtWindowEnd, int... perSecond) {
        long requests = requestsAtWindowEnd;
        if (watch.report(50.0, requests)) {
            return 0;
        }
        for (int s = 0; s < perSecond.length; s++) {
            requests += perSecond[s];
            if (watch.report(51.0 + s, requests)) {
                return s + 1;
            }
        }
        return -1;
    }

    /** {@code perSecond} answered in each of {@code seconds}. */
    private static int[] steady(int seconds, int perSecond) {
        int[] drain = new int[seconds];
        java.util.Arrays.fill(drain, perSecond);
        return drain;
    }

    @Test
    void aPlatformThreadQueueOf3000At200PerSecondIsHandedOverOnceTwelveSecondsAreLeft() {
        DrainWatch watch = watch();
        // 15 s of drain: 2,400 left after 3 s is 12 s at 200/s; after 2 s, 2,600 would be 13 s
        assertThat(firstHandOver(watch, 90_000, steady(15, 200))).isEqualTo(3);
        assertThat(watch.handedOver()).hasValueSatisfying(e -> {
            assertThat(e.into()).isEqualTo(Duration.ofSeconds(3));
            assertThat(e.requestsLeft()).isEqualTo(2_400);
            assertThat(e.left()).isEqualTo(Duration.ofSeconds(12));
        });
    }

    @Test
    void aPoolQueueOf3000At150PerSecondRunsAloneUntilItsRestFitsBeforeTheNextWindow() {
        // 20 s of drain: 1,800 left after 8 s is 12 s
        assertThat(firstHandOver(watch(), 4_500, steady(20, 150))).isEqualTo(8);
    }

    @Test
    void aDrainWithoutAQueueEndsAloneWithinItsServiceTimeAndASecond() {
        DrainWatch watch = watch();
        // the window's last second answered within a second: 3,000 at once, then nothing left to report
        assertThat(firstHandOver(watch, 150_000, 3_000)).isEqualTo(-1);
        assertThat(watch.handedOver()).isEmpty();
    }

    @Test
    void aDrainThatSlowsIsEstimatedAtItsLastRateNotItsMean() {
        // 2,000 in the first second, then 100 a second: after 2 s, 1,900 left are 1.8 s at the mean (1,050/s) but 19 s
        // at the last rate; at 100/s they are 12 s once 1,200 are left, after 9 s
        DrainWatch slowing = new DrainWatch(4_000, ONE_SECOND_SERVICE_ALONE, NEXT_WARMUP_LESS_ENDING);
        assertThat(firstHandOver(slowing, 0, 2_000, 100, 100, 100, 100, 100, 100, 100, 100, 100)).isEqualTo(9);
    }

    @Test
    void aDrainAnsweringNothingIsNeverHandedOver() {
        assertThat(firstHandOver(watch(), 10_000, 0, 0, 0, 0, 0, 0)).isEqualTo(-1);
    }

    @Test
    void onceHandedOverEveryLaterReportSaysSo() {
        DrainWatch watch = watch();
        assertThat(firstHandOver(watch, 0, steady(5, 1_000))).isEqualTo(2);
        assertThat(watch.report(60.0, 3_000)).isTrue();
        assertThat(watch.handedOver().orElseThrow().into()).isEqualTo(Duration.ofSeconds(2));
    }
}
