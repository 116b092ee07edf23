package dev.loomlab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.os.CpuLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CpuLayoutTest {
    @ParameterizedTest(name = "{0} cores: server on {1}, load driver on {2}, database on {3}")
    @CsvSource({
            "2, 1,   0,   0,   1",
            "8, 4-7, 0-1, 2-3, 4",
    })
    void theServerHasHalfTheCoresToItselfAndTheDriverAndDatabaseShareTheRest(int cores, String server, String driver,
                                                                              String database, int serverCores) {
        CpuLayout layout = CpuLayout.forCores(cores, true);
        assertThat(layout.server()).isEqualTo(server);
        assertThat(layout.driver()).isEqualTo(driver);
        assertThat(layout.database()).isEqualTo(database);
        assertThat(layout.serverCores()).isEqualTo(serverCores);
    }

    @Test
    void theLayoutSaysWhereEachRuns() {
        assertThat(CpuLayout.forCores(2, true).describe()).isEqualTo("server on CPU 1, load driver on CPU 0, database on CPU 0 (of 2)");
    }

    @Test
    void withoutTasksetOrWithOneCoreEverythingSharesAndSaysSo() {
        assertThat(CpuLayout.forCores(2, false).pinned()).isFalse();
        assertThat(CpuLayout.forCores(1, true).describe()).startsWith("unpinned");
        assertThat(CpuLayout.forCores(4, false).serverCores()).isEqualTo(4);
    }
}
