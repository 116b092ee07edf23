package dev.loomlab.server.coroutines

import dev.loomlab.scenario.Dialect
import java.util.Locale
import org.springframework.beans.factory.annotation.Value
import org.springframework.stereotype.Component

/** Which of the contract's SQL dialects to speak, read from the R2DBC URL the lab passes (as on webflux). */
@Component
class DatabaseDialect(@Value("\${spring.r2dbc.url:}") private val rawUrl: String) {
    private val dialect: Dialect = of(rawUrl)

    fun dialect(): Dialect = dialect

    /** The URL without its password, for logs. */
    fun url(): String = withoutPassword(rawUrl)

    companion object {
        @JvmStatic
        fun of(url: String?): Dialect {
            check(!url.isNullOrBlank()) {
                "spring.r2dbc.url is not set: pass --spring.r2dbc.url=r2dbc:postgresql://HOST:PORT/DB or r2dbc:mariadb://HOST:PORT/DB"
            }
            var u = url.trim().lowercase(Locale.ROOT)
            if (u.startsWith("r2dbc:pool:")) {
                u = "r2dbc:" + u.removePrefix("r2dbc:pool:")
            }
            return when {
                u.startsWith("r2dbc:postgresql:") || u.startsWith("r2dbc:postgres:") -> Dialect.POSTGRES
                u.startsWith("r2dbc:mariadb:") -> Dialect.MARIADB
                else -> throw IllegalStateException(
                    "spring.r2dbc.url must be an r2dbc:postgresql: or r2dbc:mariadb: URL, got '${withoutPassword(url)}'")
            }
        }

        /** Masks a password given as `user:secret@` or as a `password=` option. */
        @JvmStatic
        fun withoutPassword(url: String?): String =
            (url ?: "").replace(Regex("(//[^/?#@:]*):[^/?#@]*@"), "$1:****@")
                .replace(Regex("(?i)([?&;]password=)[^&;]*"), "$1****")
    }
}
