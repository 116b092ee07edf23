package dev.loomlab.server.mvc;

import dev.loomlab.server.shared.DatabaseDialect;
import dev.loomlab.server.shared.HikariPools;
import dev.loomlab.server.shared.ReadyLine;
import java.util.concurrent.Executor;
import javax.sql.DataSource;
import org.apache.catalina.connector.Connector;
import org.apache.coyote.ProtocolHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Says at start which model this server really is, and refuses to run as a model it is not:
 * on a JDK without virtual threads Spring Boot ignores {@code spring.threads.virtual.enabled}
 * silently, and a benchmark that labelled platform threads "mvc-virtual" would lie.
 * The ready line on stdout is what the lab waits for (it also carries an ephemeral port).
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

    /** The driver's own name and version, e.g. "MySQL Connector/J mysql-connector-j-8.1.0 (Revision: ...)". */
    private String jdbcDriver() {
        try (var connection = dataSource.getConnection()) {
            var meta = connection.getMetaData();
            return meta.getDriverName() + " " + meta.getDriverVersion();
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException("cannot read the JDBC driver's name: " + e.getMessage(), e);
        }
    }

    @EventListener
    void ready(ApplicationReadyEvent event) {
        WebServerApplicationContext context = (WebServerApplicationContext) event.getApplicationContext();
        TomcatWebServer tomcat = (TomcatWebServer) context.getWebServer();
        Connector connector = tomcat.getTomcat().getConnector();
        ProtocolHandler handler = connector.getProtocolHandler();
        Executor executor = handler.getExecutor();
        boolean virtualServing = executor != null && executor.getClass().getSimpleName().contains("Virtual");
        if (virtualRequested != virtualServing) {
            String message = "refusing to start: spring.threads.virtual.enabled=" + virtualRequested
                    + " but Tomcat runs on " + (executor == null ? "no executor" : executor.getClass().getName())
                    + " (JDK " + Runtime.version() + "; virtual threads need JDK 21+)";
            // Thrown from the ready event, this fails SpringApplication.run: the context closes and the JVM exits non-zero.
            throw new IllegalStateException(message);
        }
        long poolFillMs = HikariPools.prefill(dataSource).toMillis();
        String model = virtualServing ? "mvc-virtual" : "mvc-platform";
        int pool = HikariPools.maximumSize(dataSource);
        String threads = virtualServing
                ? "virtual thread per request"
                : "platform threads max=" + connector.getProperty("maxThreads");
        log.info("loomlab server model={} jdk={} ({}) virtualThreads={} threads=[{}] acceptCount={} maxConnections={} pool={} (filled in {} ms) db={} {}",
                model, System.getProperty("java.version"), System.getProperty("java.vm.vendor"), virtualServing,
                threads, connector.getProperty("acceptCount"), connector.getProperty("maxConnections"),
                pool, poolFillMs, dialect.dialect(), dialect.url());
        // The lab may swap the JDBC driver (the driver-pinning pitfall): this line is its proof of which one ran.
        System.out.println("loomlab-jdbc-driver " + jdbcDriver());
        String host = connector.getProperty("address") instanceof java.net.InetAddress a ? a.getHostAddress() : "127.0.0.1";
        ReadyLine.print(host, tomcat.getPort(), event.getApplicationContext().getEnvironment());
    }
}
