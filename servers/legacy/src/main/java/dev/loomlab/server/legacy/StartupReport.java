package dev.loomlab.server.legacy;

import dev.loomlab.server.shared.DatabaseDialect;
import dev.loomlab.server.shared.HikariPools;
import dev.loomlab.server.shared.ReadyLine;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.apache.catalina.connector.Connector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.boot.web.embedded.tomcat.TomcatWebServer;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Says at start which model this server really is, and refuses to run as a model it is not:
 * Tomcat's executor is asked to run a probe, and the probe's thread must be virtual exactly when
 * legacy-virtual was asked for. The ready line on stdout is what the lab waits for.
 *
 * <p>Alike the mvc server's report in its first lines (the same three inputs), and kept apart by
 * design: Boot 2.7 and Boot 4 put Tomcat's web server and context types in different packages,
 * and the two check the thread model differently (Boot 2.7 knows no virtual executor, so this one
 * probes). What they do alike is shared: {@code HikariPools}, {@code ReadyLine}, {@code DatabaseDialect}.
 */
@Component
class StartupReport {
    private static final Logger log = LoggerFactory.getLogger("loomlab");

    private final boolean virtualRequested;
    private final DataSource dataSource;
    private final DatabaseDialect dialect;
    StartupReport(@Value("${spring.threads.virtual.enabled:false}") boolean virtualRequested,
                  DataSource dataSource, DatabaseDialect dialect) {
        this.virtualRequested = virtualRequested;
        this.dataSource = dataSource;
        this.dialect = dialect;
    }

    @EventListener
    void ready(ApplicationReadyEvent event) {
        WebServerApplicationContext context = (WebServerApplicationContext) event.getApplicationContext();
        TomcatWebServer tomcat = (TomcatWebServer) context.getWebServer();
        Connector connector = tomcat.getTomcat().getConnector();
        Executor executor = connector.getProtocolHandler().getExecutor();
        String servingThread = probe(executor);
        boolean virtualServing = servingThread.startsWith("VirtualThread[");
        if (virtualRequested != virtualServing) {
            // Thrown from the ready event, this fails SpringApplication.run: the context closes and the JVM exits non-zero.
            throw new IllegalStateException("refusing to start: spring.threads.virtual.enabled=" + virtualRequested
                    + " but Tomcat's executor runs requests on " + servingThread + " (JDK " + Runtime.version() + ")");
        }
        // As on mvc, no model pays for connecting inside a measurement.
        long poolFillMs = HikariPools.prefill(dataSource).toMillis();
        String model = virtualServing ? "legacy-virtual" : "legacy";
        int pool = HikariPools.maximumSize(dataSource);
        String threads = virtualServing
                ? "virtual thread per request (TomcatProtocolHandlerCustomizer)"
                : "platform threads max=" + connector.getProperty("maxThreads");
        log.info("loomlab server model={} jdk={} ({}) spring-boot={} virtualThreads={} threads=[{}] acceptCount={} maxConnections={} pool={} (filled in {} ms) db={} {}",
                model, System.getProperty("java.version"), System.getProperty("java.vm.vendor"),
                org.springframework.boot.SpringBootVersion.getVersion(), virtualServing, threads,
                connector.getProperty("acceptCount"), connector.getProperty("maxConnections"), pool, poolFillMs, dialect.dialect(), dialect.url());
        Object address = connector.getProperty("address");
        String host = address instanceof java.net.InetAddress ? ((java.net.InetAddress) address).getHostAddress() : "127.0.0.1";
        ReadyLine.print(host, tomcat.getPort(), event.getApplicationContext().getEnvironment());
    }

    /** The toString() of the thread Tomcat's executor runs a task on: what a request would run on. */
    private static String probe(Executor executor) {
        if (executor == null) {
            return "no executor";
        }
        CompletableFuture<String> thread = new CompletableFuture<>();
        executor.execute(() -> thread.complete(Thread.currentThread().toString()));
        try {
            return thread.get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            return "unknown (" + e + ")";
        }
    }
}
