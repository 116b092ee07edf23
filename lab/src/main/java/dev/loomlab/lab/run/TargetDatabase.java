package dev.loomlab.lab.run;

import dev.loomlab.database.RunningDatabase;

/** No database of the lab's in target mode: the target has its own. */
enum TargetDatabase implements RunningDatabase {
    INSTANCE;

    @Override
    public dev.loomlab.database.DatabaseEndpoint endpoint() {
        return null;
    }

    @Override
    public String description() {
        return "none started (target mode: the target's own)";
    }

    @Override
    public java.util.OptionalLong pid() {
        return java.util.OptionalLong.empty();
    }

    @Override
    public void close() {
    }
}
