package dev.loomlab.lab.catalog;

import dev.loomlab.scenario.ThreadNames;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A user's Spring Boot jar as one more server of the catalogue: the descriptor a module would write for itself, made
 * from the jar. Its two models are the same jar with virtual threads off and on, as mvc-platform and mvc-virtual are.
 * It serves no scenario of the contract, only the plan's own requests.
 */
public final class AppServer {
    public static final String SERVER = "app";
    public static final String PLATFORM = "app-platform";
    public static final String VIRTUAL = "app-virtual";
    /** {@code spring.threads.virtual.enabled} first came with this Boot. */
    static final int[] VIRTUAL_SINCE = {3, 2};
    private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+).*");

    private AppServer() {
    }

    /** The descriptor of {@code app}: Tomcat and Hikari under Boot's own names, which its Actuator reports when exposed. */
    static ServerDescriptor descriptor(AppJar app) {
        ServerDescriptor.JdkRule jdk = new ServerDescriptor.JdkRule(21, 25, true);
        return new ServerDescriptor(SERVER, 1000, "your Spring Boot application " + app.jar().getFileName(), app.jar().toString(),
                PoolKind.JDBC, false,
                Optional.of(new ServerDescriptor.RequestThreads(200, Optional.of("--server.tomcat.threads.max="), null, null)),
                Optional.of(new ThreadNames(Optional.of("-exec-"), Optional.empty())),
                new ServerDescriptor.Metrics(
                        new ServerDescriptor.PoolMetrics("hikaricp_connections_active", "hikaricp_connections_idle",
                                "hikaricp_connections_pending", Optional.of("hikaricp_connections_timeout_total")),
                        Optional.of(new ServerDescriptor.ThreadMetrics("tomcat_threads_busy_threads", "tomcat_threads_config_max_threads"))),
                new ServerDescriptor.ServedScenarios(List.of(), Optional.of("it is your application: it serves your plan's requests"),
                        Map.of()),
                List.of(new ServerDescriptor.ModelDescriptor(PLATFORM, "your application on Tomcat's platform threads",
                                Threading.PLATFORM_POOL, jdk, Optional.empty(), List.of("--spring.threads.virtual.enabled=false"),
                                Optional.empty()),
                        new ServerDescriptor.ModelDescriptor(VIRTUAL, "your application, a virtual thread per request",
                                Threading.VIRTUAL, jdk, Optional.empty(), List.of("--spring.threads.virtual.enabled=true"),
                                Optional.empty())));
    }

    /** The jar's {@code Spring-Boot-Version}, as its manifest says ("unknown" when it is not a Boot jar). */
    public static String bootVersion(AppJar app) {
        return LabHome.jarAttribute(app.jar(), "Spring-Boot-Version");
    }

    /**
     * Why {@code model} cannot run on {@code app}, or empty: virtual threads by one property need Boot 3.2; an older
     * Boot (or a jar that is not Boot's) runs only on platform threads here.
     */
    public static Optional<String> refusal(AppJar app, String model) {
        if (!model.equals(VIRTUAL)) {
            return Optional.empty();
        }
        String version = bootVersion(app);
        Matcher m = VERSION.matcher(version);
        boolean recent = m.matches() && (Integer.parseInt(m.group(1)) > VIRTUAL_SINCE[0]
                || Integer.parseInt(m.group(1)) == VIRTUAL_SINCE[0] && Integer.parseInt(m.group(2)) >= VIRTUAL_SINCE[1]);
        if (recent) {
            return Optional.empty();
        }
        return Optional.of(VIRTUAL + ": " + app.jar().getFileName()
                + (m.matches() ? " is Spring Boot " + version : " is not a Spring Boot jar (its manifest has no Spring-Boot-Version)")
                + ", and spring.threads.virtual.enabled needs Boot 3.2+: upgrade it, or give Tomcat a virtual-thread executor"
                + " yourself (the recipe for older Boots, docs/own-service.md) and run --models " + PLATFORM);
    }
}
