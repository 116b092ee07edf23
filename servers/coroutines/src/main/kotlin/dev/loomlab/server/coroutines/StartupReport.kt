package dev.loomlab.server.coroutines

import io.r2dbc.pool.ConnectionPool
import io.r2dbc.pool.PoolMetrics
import io.r2dbc.spi.ConnectionFactory
import java.time.Duration
import org.slf4j.LoggerFactory
import org.springframework.boot.context.event.ApplicationReadyEvent
import org.springframework.boot.web.server.context.WebServerApplicationContext
import org.springframework.boot.web.server.context.WebServerInitializedEvent
import org.springframework.context.event.EventListener
import org.springframework.core.env.Environment
import org.springframework.stereotype.Component
import reactor.netty.resources.LoopResources

/**
 * As on webflux: once the web server listens, fills the connection pool, logs the one start line,
 * then prints `loomlab-ready http://HOST:PORT management=...` on stdout — the line the lab waits for.
 */
@Component
class StartupReport(
    private val connectionFactory: ConnectionFactory,
    private val dialect: DatabaseDialect,
    private val env: Environment,
) {
    @Volatile
    private var managementPort = -1

    /** The Actuator's own web server (management.server.port) starts in a child context of its own. */
    @EventListener
    fun webServerStarted(event: WebServerInitializedEvent) {
        if (event.applicationContext.serverNamespace == "management") {
            managementPort = event.webServer.port
        }
    }

    @EventListener
    fun ready(event: ApplicationReadyEvent) {
        val pool = warmUp()
        LOG.info(
            "loomlab server model={} jdk={} ({}) kotlin={} virtualThreads=false eventLoopThreads={} pool={} db={} {}",
            CoroutinesServer.MODEL, System.getProperty("java.version"), System.getProperty("java.vm.vendor"),
            KotlinVersion.CURRENT, LoopResources.DEFAULT_IO_WORKER_COUNT, pool, dialect.dialect(), dialect.url(),
        )
        val port = (event.applicationContext as WebServerApplicationContext).webServer!!.port
        println(READY_PREFIX + "http://" + host() + ":" + port +
            if (managementPort > 0) " management=http://" + host() + ":" + managementPort else "")
        System.out.flush()
    }

    /** Opens the pool's initial connections now, on the main thread (never an event loop), as webflux does. */
    private fun warmUp(): String {
        val connectionPool = connectionFactory as? ConnectionPool ?: return "none"
        connectionPool.warmup().block(WARMUP_TIMEOUT)
        return connectionPool.metrics.map(PoolMetrics::getMaxAllocatedSize).map(Int::toString).orElse("?")
    }

    private fun host(): String {
        val address = env.getProperty("server.address", "127.0.0.1")
        if (address.isBlank() || address == "0.0.0.0" || address == "::" || address == "[::]") {
            return "127.0.0.1"
        }
        return if (address.contains(":") && !address.startsWith("[")) "[$address]" else address
    }

    companion object {
        const val READY_PREFIX = "loomlab-ready "
        val WARMUP_TIMEOUT: Duration = Duration.ofSeconds(60)
        private val LOG = LoggerFactory.getLogger("loomlab")
    }
}
