package dev.loomlab.server.coroutines

import org.springframework.boot.SpringApplication
import org.springframework.boot.autoconfigure.SpringBootApplication

/**
 * The loomlab contract as Kotlin `suspend` functions on Spring WebFlux: Reactor Netty event loops
 * accept every request, coroutines wait on timers and R2DBC, so no request holds a thread while
 * it waits. Start it through `Launcher` (the jar does), which checks the JDK first.
 */
@SpringBootApplication
class CoroutinesServer {
    companion object {
        /** The model id this server serves (see this module's loomlab-server.yaml). */
        const val MODEL = "coroutines"

        @JvmStatic
        fun main(args: Array<String>) {
            SpringApplication.run(CoroutinesServer::class.java, *args)
        }
    }
}
