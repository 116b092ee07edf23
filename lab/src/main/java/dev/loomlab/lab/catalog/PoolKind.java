package dev.loomlab.lab.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How a server reaches the database: blocking JDBC through Hikari, or R2DBC's reactive pool. */
public enum PoolKind {
    @JsonProperty("jdbc") JDBC("Hikari"),
    @JsonProperty("r2dbc") R2DBC("R2DBC pool");

    private final String poolName;

    PoolKind(String poolName) {
        this.poolName = poolName;
    }

    /** The pool's name for people: "Hikari", "R2DBC pool". */
    public String poolName() {
        return poolName;
    }
}
