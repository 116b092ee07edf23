package dev.loomlab.scenario;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The SQL dialects the contract speaks; every scenario that queries has one statement per dialect. */
public enum Dialect {
    POSTGRES("postgres"),
    MARIADB("mariadb");

    private final String id;

    Dialect(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static Dialect byId(String id) {
        for (Dialect d : values()) {
            if (d.id.equalsIgnoreCase(id)) {
                return d;
            }
        }
        throw new IllegalArgumentException("unknown database '" + id + "' (allowed: " + ids() + ")");
    }

    public static String ids() {
        return Arrays.stream(values()).map(Dialect::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id;
    }
}
