package dev.loomlab.server.webflux;

import dev.loomlab.scenario.Dialect;
import java.util.Locale;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Which of the contract's SQL dialects to speak, read from the R2DBC URL the lab passes
 * ({@code r2dbc:postgresql:} — or the driver's alias {@code r2dbc:postgres:} — and
 * {@code r2dbc:mariadb:}, optionally behind {@code r2dbc:pool:}).
 */
@Component
class DatabaseDialect {
    private final Dialect dialect;
    private final String url;

    DatabaseDialect(@Value("${spring.r2dbc.url:}") String url) {
        this.url = url;
        this.dialect = of(url);
    }

    Dialect dialect() {
        return dialect;
    }

    /** The URL without its password, for logs. */
    String url() {
        return withoutPassword(url);
    }

    static Dialect of(String url) {
        if (url == null || url.isBlank()) {
            throw new IllegalStateException("spring.r2dbc.url is not set: pass --spring.r2dbc.url="
                    + "r2dbc:postgresql://HOST:PORT/DB or r2dbc:mariadb://HOST:PORT/DB");
        }
        String u = url.strip().toLowerCase(Locale.ROOT);
        if (u.startsWith("r2dbc:pool:")) {
            u = "r2dbc:" + u.substring("r2dbc:pool:".length());
        }
        if (u.startsWith("r2dbc:postgresql:") || u.startsWith("r2dbc:postgres:")) {
            return Dialect.POSTGRES;
        }
        if (u.startsWith("r2dbc:mariadb:")) {
            return Dialect.MARIADB;
        }
        throw new IllegalStateException("spring.r2dbc.url must be an r2dbc:postgresql: or r2dbc:mariadb: URL, got '"
                + withoutPassword(url) + "'");
    }

    /** Masks a password given as {@code user:secret@} or as a {@code password=} option. */
    static String withoutPassword(String url) {
        if (url == null) {
            return "";
        }
        return url.replaceAll("(//[^/?#@:]*):[^/?#@]*@", "$1:****@")
                .replaceAll("(?i)([?&;]password=)[^&;]*", "$1****");
    }
}
