package dev.loomlab.server.legacy;

import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
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
import org.springframework.boot.web.context.WebServerInitializedEvent;
import org.springframework.boot.web.embedded.tomcat.TomcatWebServer;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Says at start which model this server really is, and refuses to run as a model it is not:
 * Tomcat's executor is asked to run a probe, and the probe's thread must be virtual exactly when
 * legacy-virtual was asked for. The ready line on stdout is what the lab waits for.
 */
@Component
class StartupReport {
    private static final Logger log = LoggerFactory.getLogger("loomlab");

    private final boolean virtualRequested;
    private final DataSource dataSource;
    private final DatabaseDialect dialect;
    private volatile int managementPort = -1;

    StartupReport(@Value("${spring.threads.virtual.enabled:false}") boolean virtualRequested,
                  DataSource dataSource, DatabaseDialect dialect) {
        this.virtualRequested = virtualRequested;
        this.dataSource = dataSource;
        this.dialect = dialect;
    }

    /** The Actuator's own web server (management.server.port) starts in a child context of its own. */
    @EventListener
    void webServerStarted(WebServerInitializedEvent event) {
        if ("management".equals(event.getApplicationContext().getServerNamespace())) {
            managementPort = event.getWebServer().getPort();
        }
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
        prefillPool();
        String model = virtualServing ? "legacy-virtual" : "legacy";
        int pool = dataSource instanceof HikariDataSource ? ((HikariDataSource) dataSource).getMaximumPoolSize() : -1;
        String threads = virtualServing
                ? "virtual thread per request (TomcatProtocolHandlerCustomizer)"
                : "platform threads max=" + connector.getProperty("maxThreads");
        log.info("loomlab server model={} jdk={} ({}) spring-boot={} virtualThreads={} threads=[{}] acceptCount={} maxConnections={} pool={} db={} {}",
                model, System.getProperty("java.version"), System.getProperty("java.vm.vendor"),
                org.springframework.boot.SpringBootVersion.getVersion(), virtualServing, threads,
                connector.getProperty("acceptCount"), connector.getProperty("maxConnections"), pool, dialect.dialect(), dialect.url());
        Object address = connector.getProperty("address");
        String host = address instanceof java.net.InetAddress ? ((java.net.InetAddress) address).getHostAddress() : "127.0.0.1";
        System.out.println("loomlab-ready http://" + host + ":" + tomcat.getPort()
                + (managementPort > 0 ? " management=http://" + host + ":" + managementPort : ""));
        System.out.flush();
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

    /** Hikari fills its pool in the background; as on mvc, no model pays for connecting inside a measurement. */
    private void prefillPool() {
        if (!(dataSource instanceof HikariDataSource)) {
            return;
        }
        HikariDataSource hikari = (HikariDataSource) dataSource;
        try (var ignored = hikari.getConnection()) {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            var pool = hikari.getHikariPoolMXBean();
            while (pool.getTotalConnections() < hikari.getMinimumIdle() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException("cannot open the connection pool: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
