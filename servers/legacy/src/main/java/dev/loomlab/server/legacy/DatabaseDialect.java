package dev.loomlab.server.legacy;

import dev.loomlab.scenario.Dialect;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/** Which of the contract's SQL dialects to speak, read from the JDBC URL the lab passes. */
@Component
class DatabaseDialect {
    private final Dialect dialect;
    private final String url;

    DatabaseDialect(@Value("${spring.datasource.url:}") String url) {
        this.url = url;
        if (url.startsWith("jdbc:postgresql:")) {
            dialect = Dialect.POSTGRES;
        } else if (url.startsWith("jdbc:mariadb:") || url.startsWith("jdbc:mysql:")) {
            dialect = Dialect.MARIADB;
        } else {
            throw new IllegalStateException("spring.datasource.url must be a jdbc:postgresql: or jdbc:mariadb: URL, got '" + url + "'");
        }
    }

    Dialect dialect() {
        return dialect;
    }

    /** The URL with any password in it masked, for logs. */
    String url() {
        return url.replaceAll("(?i)(password=)[^&;]*", "$1****");
    }
}
