package dev.loomlab.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The concurrency models loomlab compares. A model is a server application plus the one
 * setting that makes it that model: mvc-platform and mvc-virtual are the same application,
 * differing only by {@code spring.threads.virtual.enabled} — the seeds' point.
 */
public enum Model {
    MVC_PLATFORM("mvc-platform", "mvc", false, "Spring MVC on Tomcat, 200 platform threads, JDBC"),
    MVC_VIRTUAL("mvc-virtual", "mvc", true, "Spring MVC on Tomcat, a virtual thread per request, JDBC"),
    WEBFLUX("webflux", "webflux", false, "Spring WebFlux on Netty event loops, R2DBC"),
    COROUTINES("coroutines", "coroutines", false, "Kotlin suspend handlers on Spring WebFlux (Netty event loops), R2DBC"),
    LEGACY("legacy", "legacy", false, "Spring Boot 2.7 MVC on Tomcat 9, 200 platform threads, JDBC (JDK 17)"),
    LEGACY_VIRTUAL("legacy-virtual", "legacy", true,
            "Spring Boot 2.7 MVC on Tomcat 9, a virtual thread per request by seed 001's customizer, JDBC (JDK 21)");

    private final String id;
    private final String server;
    private final boolean virtualThreads;
    private final String description;

    Model(String id, String server, boolean virtualThreads, String description) {
        this.id = id;
        this.server = server;
        this.virtualThreads = virtualThreads;
        this.description = description;
    }

    public String id() {
        return id;
    }

    /** The server module (application) that serves this model. */
    public String server() {
        return server;
    }

    public boolean virtualThreads() {
        return virtualThreads;
    }

    public String description() {
        return description;
    }

    /** Whether requests are served from a bounded pool of request threads (Tomcat's max threads). */
    public boolean threadPerRequestPool() {
        return servletStack() && !virtualThreads;
    }

    /** Served by a servlet container (Tomcat) with JDBC; the others run on Netty with R2DBC. */
    public boolean servletStack() {
        return server.equals("mvc") || server.equals("legacy");
    }

    /** Reaches the database through R2DBC on Netty event loops (webflux, coroutines). */
    public boolean r2dbc() {
        return !servletStack();
    }

    /**
     * The oldest JDK the model's server runs on: the Spring Boot 2.7 application is compiled for
     * 17 (its own platform-thread model needs nothing newer); Boot 4 and virtual threads need 21.
     */
    public int minJdk() {
        return this == LEGACY ? 17 : 21;
    }

    public static Model byId(String id) {
        for (Model m : values()) {
            if (m.id.equals(id)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown model '" + id + "' (allowed: " + ids() + ")");
    }

    public static List<String> idList() {
        return Arrays.stream(values()).map(Model::id).toList();
    }

    public static String ids() {
        return Arrays.stream(values()).map(Model::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id;
    }
}
