package dev.loomlab.database;

import dev.loomlab.scenario.Dialect;
import java.nio.file.Path;

/**
 * Run in a child JVM by {@link OrphanGuardTest}: starts an embedded server with the given options, prints
 * {@code READY <pid> <instanceDir>} and waits to be killed.
 */
public final class OrphanProbe {

    public static void main(String[] args) throws Exception {
        Dialect dialect = Dialect.byId(args[0]);
        EmbeddedOptions options = new EmbeddedOptions(Integer.parseInt(args[1]), Integer.parseInt(args[2]),
                Path.of(args[3]));
        RunningDatabase db = Databases.startEmbedded(dialect, options);
        // the role's password is this start's own: the parent needs it to log in
        System.out.println("READY " + db.pid().getAsLong() + " " + ((EmbeddedServer) db).instanceDir() + " " + db.endpoint().password());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
