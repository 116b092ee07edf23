package dev.loomlab.database;

import java.util.OptionalLong;

/** A server someone else runs: verified on creation, never stopped by us. */
record ExternalDatabase(DatabaseEndpoint endpoint, String description) implements RunningDatabase {

    @Override
    public OptionalLong pid() {
        return OptionalLong.empty();
    }

    @Override
    public void close() {
        // not ours to stop
    }

    @Override
    public String toString() {
        return description + " at " + endpoint.describe();
    }
}
