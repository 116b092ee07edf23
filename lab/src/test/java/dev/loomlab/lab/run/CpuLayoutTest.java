package dev.loomlab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.process.CpuLayout;
import org.junit.jupiter.api.Test;

class CpuLayoutTest {
    @Test
    void onTwoCoresTheServerHasOneToItselfAndTheDriverSharesWithTheDatabase() {
        CpuLayout layout = CpuLayout.forCores(2, true);
        assertThat(layout.server()).isEqualTo("1");
        assertThat(layout.driver()).isEqualTo("0");
        assertThat(layout.database()).isEqualTo("0");
        assertThat(layout.serverCores()).isEqualTo(1);
        assertThat(layout.describe()).isEqualTo("server on CPU 1, load driver on CPU 0, database on CPU 0 (of 2)");
    }

    @Test
    void onEightCoresTheServerGetsHalf() {
        CpuLayout layout = CpuLayout.forCores(8, true);
        assertThat(layout.driver()).isEqualTo("0-1");
        assertThat(layout.database()).isEqualTo("2-3");
        assertThat(layout.server()).isEqualTo("4-7");
        assertThat(layout.serverCores()).isEqualTo(4);
    }

    @Test
    void withoutTasksetOrWithOneCoreEverythingSharesAndSaysSo() {
        assertThat(CpuLayout.forCores(2, false).pinned()).isFalse();
        assertThat(CpuLayout.forCores(1, true).describe()).startsWith("unpinned");
        assertThat(CpuLayout.forCores(4, false).serverCores()).isEqualTo(4);
    }
}
