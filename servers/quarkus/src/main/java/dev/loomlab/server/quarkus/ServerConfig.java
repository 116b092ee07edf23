package dev.loomlab.server.quarkus;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import java.time.Duration;

/** The lab's settings, bound (and refused when malformed) once at start-up. */
@ConfigMapping(prefix = "loomlab")
public interface ServerConfig {

    /** reactive, worker or virtual: which model this process serves. */
    Mode mode();

    /** Connections in the pool, all opened before the server is ready. */
    @WithName("pool-size")
    @WithDefault("150")
    int poolSize();

    /** How long a request waits for a pooled connection before it is answered 503. */
    @WithName("pool-timeout-ms")
    @WithDefault("30000")
    long poolTimeoutMs();

    default Duration poolTimeout() {
        return Duration.ofMillis(poolTimeoutMs());
    }
}
