package dev.loomlab.lab.run;

import dev.loomlab.database.DatabaseEndpoint;
import dev.loomlab.database.RunningDatabase;
import java.util.OptionalLong;

/** No database of the lab's in target mode: the target has its own. */
enum TargetDatabase implements RunningDatabase {
    INSTANCE;

    @Override
    public DatabaseEndpoint endpoint() {
        return null;
    }

    @Override
    public String description() {
        return "none started (target mode: the target's own)";
    }

    @Override
    public OptionalLong pid() {
        return OptionalLong.empty();
    }

    @Override
    public void close() {
    }
}
