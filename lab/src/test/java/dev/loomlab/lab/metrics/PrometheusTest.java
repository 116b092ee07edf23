package dev.loomlab.lab.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomlab.lab.report.Golden;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The parser against real scrapes of {@code /actuator/prometheus}, saved from
 * {@code loomlab serve <model> --port 0} while 300 concurrent {@code curl}s held
 * {@code /slow-query?ms=20000} (embedded PostgreSQL, pool 150, Tomcat max threads 200): the known
 * answers are the seeds' arithmetic, 200 threads − 150 connections = 50 waiting on platform
 * threads, 300 requests − 150 connections = 150 waiting on virtual threads.
 */
class PrometheusTest {
    private static Prometheus scrape(String name) throws IOException {
        return Prometheus.parse(Files.readString(Golden.resources().resolve("runs/real").resolve(name)));
    }

    @Test
    void platformThreadsUnderSlowQueryLoad() throws IOException {
        Prometheus p = scrape("mvc-platform-slow-query-300.prom");

        assertThat(p.sum("tomcat_threads_busy_threads")).isEqualTo(200.0);
        assertThat(p.sum("tomcat_threads_config_max_threads")).isEqualTo(200.0);
        assertThat(p.sum("hikaricp_connections_active")).isEqualTo(150.0);
        assertThat(p.sum("hikaricp_connections_idle")).isEqualTo(0.0);
        assertThat(p.sum("hikaricp_connections_pending")).isEqualTo(50.0);
        assertThat(p.sum("hikaricp_connections_timeout_total")).isEqualTo(0.0);
        assertThat(p.sum("jvm_threads_live_threads")).isEqualTo(233.0);
        // The thread states add up to the live threads: 161 runnable + 60 timed-waiting + 12 waiting.
        assertThat(p.sum("jvm_threads_states_threads")).isEqualTo(233.0);
        assertThat(p.sum("jvm_threads_states_threads", "state", "runnable")).isEqualTo(161.0);
        // No virtual thread ever ran on this server.
        assertThat(p.sum("jvm_threads_virtual_live_threads", "scheduling_status", "mounted")).isEqualTo(0.0);
    }

    @Test
    void sumsByLabelAndReadsScientificNotation() throws IOException {
        Prometheus p = scrape("mvc-platform-slow-query-300.prom");

        // 2.40123904E8 Eden + 4194304.0 Old + 1.572864E7 Survivor
        assertThat(p.sum("jvm_memory_used_bytes", "area", "heap")).isEqualTo(260_046_848.0);
        // A label value with spaces and quotes inside: id="CodeHeap 'non-nmethods'"
        assertThat(p.sum("jvm_memory_used_bytes", "id", "CodeHeap 'non-nmethods'")).isEqualTo(1_825_280.0);
        assertThat(p.sum("jvm_memory_used_bytes", "area", "nonheap")).isCloseTo(1825280 + 2757120 + 10037504 + 5994560 + 45689400, within(0.5));
    }

    @Test
    void aNameMatchesExactlyNotAsAPrefix() throws IOException {
        Prometheus p = scrape("mvc-platform-slow-query-300.prom");

        // hikaricp_connections{pool=...} 150 is its own series; _active, _idle, _pending … are not added to it.
        assertThat(p.sum("hikaricp_connections")).isEqualTo(150.0);
    }

    @Test
    void virtualThreadsUnderSlowQueryLoad() throws IOException {
        Prometheus p = scrape("mvc-virtual-slow-query-300.prom");

        assertThat(p.sum("hikaricp_connections_active")).isEqualTo(150.0);
        assertThat(p.sum("hikaricp_connections_pending")).isEqualTo(150.0);
        assertThat(p.sum("jvm_threads_virtual_live_threads", "scheduling_status", "mounted")).isEqualTo(1.0);
        assertThat(p.sum("jvm_threads_virtual_live_threads", "scheduling_status", "queued")).isEqualTo(0.0);
        assertThat(p.sum("jvm_threads_virtual_pinned_seconds_count")).isEqualTo(9.0);
        assertThat(p.sum("jvm_threads_live_threads")).isEqualTo(27.0);
        // Tomcat has no thread pool on virtual threads and says -1 (the Sampler turns that into "not measured").
        assertThat(p.sum("tomcat_threads_busy_threads")).isEqualTo(-1.0);
        assertThat(p.sum("tomcat_threads_config_max_threads")).isEqualTo(-1.0);
    }

    @Test
    void aMetricTheServerDoesNotExposeIsNaNNotZero() throws IOException {
        // No GC had run since Micrometer registered its listener: the pause timer does not exist yet.
        Prometheus p = scrape("mvc-virtual-slow-query-300.prom");

        assertThat(p.sum("jvm_gc_pause_seconds_sum")).isNaN();
        assertThat(p.sum("r2dbc_pool_pending_connections")).isNaN();
        assertThat(p.sum("hikaricp_connections_pending", "pool", "no-such-pool")).isNaN();
        assertThat(Prometheus.parse("").sum("jvm_threads_live_threads")).isNaN();
    }

    @Test
    void commentsBlankLinesInfinitiesAndTimestampsAreHandled() {
        Prometheus p = Prometheus.parse("""
                # HELP x_seconds a histogram
                # TYPE x_seconds histogram

                x_seconds_bucket{le="+Inf",uri="/a,b"} 7
                x_seconds_bucket{le="1.0",uri="/a,b"} 5
                x_seconds_count{uri="/a,b"} 7 1700000000000
                y_total 3.5e1
                z_seconds_max +Inf
                """);

        assertThat(p.sum("x_seconds_bucket", "le", "1.0")).isEqualTo(5.0);
        assertThat(p.sum("x_seconds_bucket", "uri", "/a,b")).isEqualTo(12.0);
        assertThat(p.sum("x_seconds_count")).isEqualTo(7.0);
        assertThat(p.sum("y_total")).isEqualTo(35.0);
        // A value Java cannot parse ("+Inf") is skipped, not read as a number.
        assertThat(p.sum("z_seconds_max")).isNaN();
        assertThat(p.samples()).hasSize(4);
    }
}
