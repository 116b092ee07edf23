package dev.loomlab.server.quarkus;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.QuarkusApplication;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Runs once Quarkus serves (its HTTP and management servers listen, the pool is open): prints the
 * one line the lab waits for, {@code loomlab-ready http://HOST:PORT management=http://HOST:MPORT},
 * with the ports the servers really bound (the lab and the tests ask for port 0).
 */
public class QuarkusServer implements QuarkusApplication {
    /** What the line starts with, as on every server. */
    static final String READY = "loomlab-ready ";

    @Override
    public int run(String... args) {
        var config = ConfigProvider.getConfig();
        String host = config.getValue("quarkus.http.host", String.class);
        // Quarkus publishes the port it bound as these system properties when asked for port 0.
        String port = System.getProperty("quarkus.http.port", config.getValue("quarkus.http.port", String.class));
        String management = System.getProperty("quarkus.management.port", config.getValue("quarkus.management.port", String.class));
        System.out.println(READY + "http://" + host + ":" + port + " management=http://"
                + config.getValue("quarkus.management.host", String.class) + ":" + management
                + " mode=" + config.getValue("loomlab.mode", String.class));
        System.out.flush();
        Quarkus.waitForExit();
        return 0;
    }
}
