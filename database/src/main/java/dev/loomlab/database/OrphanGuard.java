package dev.loomlab.database;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A tiny shell process that outlives this JVM only to clean up after it. When the JVM is gone without having closed
 * what it started (SIGKILL, an OOM kill, a crash, a kill of its whole process group — no shutdown hook runs then), it
 * reads a pid file, signals every process named there, waits for them to exit (SIGKILL after the grace), then runs
 * a last command (delete a data directory, sweep network links). It starts before what it guards (so a JVM that
 * dies mid-start is covered too), in a session of its own (so a kill of the JVM's process group spares it), and
 * closing it stops it without it touching anything.
 *
 * <p>Why a shell and not a parent-death signal: Linux's {@code PR_SET_PDEATHSIG} fires when the <em>thread</em>
 * that forked a child ends, and the JVM forks from whichever thread calls {@code ProcessBuilder.start} — a cell's
 * thread that ends long before the server it started should. Uses only sh, setsid and coreutils.
 *
 * <p>A pid file holds either one server's pid on its first line (PostgreSQL's {@code postmaster.pid}, MariaDB's
 * pid file: the lines after it are not pids) or, for a list its owner keeps, one {@code "<pid> <start time>"} a
 * line, the start time (field 22 of {@code /proc/<pid>/stat}) guarding against a pid the kernel gave to another
 * process since.
 */
public final class OrphanGuard implements AutoCloseable {
    /** Which lines of the pid file name processes. */
    public enum PidFile {
        /** The first line only: a server's own pid file. */
        FIRST_LINE,
        /** Every line, {@code "<pid> <start time>"}: a list kept by the guarded JVM ({@link #line}). */
        EVERY_LINE
    }

    private static final String SCRIPT = """
            tail --pid="$1" -s 0.2 -f /dev/null 2>/dev/null
            if [ "$3" = FIRST_LINE ]; then lines=$(head -n 1 "$2" 2>/dev/null); else lines=$(cat "$2" 2>/dev/null); fi
            pids=$(printf '%s\\n' "$lines" | while read -r pid start rest; do
              case "$pid" in ''|*[!0-9]*) continue ;; esac
              if [ -n "$start" ]; then
                now=$(sed 's/.*) //' "/proc/$pid/stat" 2>/dev/null | cut -d ' ' -f 20)
                [ "$now" = "$start" ] || continue
              fi
              echo "$pid"
            done)
            if [ -n "$pids" ]; then
              kill -s "$4" $pids 2>/dev/null
              kill -s CONT $pids 2>/dev/null
              i=0
              alive=$pids
              while [ -n "$alive" ] && [ "$i" -lt $(($5 * 10)) ]; do
                sleep 0.1; i=$((i+1))
                left=
                for p in $alive; do kill -0 "$p" 2>/dev/null && left="$left $p"; done
                alive=$left
              done
              [ -n "$alive" ] && kill -s KILL $alive 2>/dev/null
            fi
            shift 5
            [ "$#" -gt 0 ] && "$@"
            """;

    private final Process process;

    private OrphanGuard(Process process) {
        this.process = process;
    }

    /**
     * Starts a guard of this JVM for the processes {@code pidFile} names (it need not exist yet). {@code signal} is
     * their orderly-stop signal (PostgreSQL: INT = fast shutdown; MariaDB, JVMs: TERM), {@code grace} how long they
     * get before SIGKILL, {@code afterwards} a command run once they are gone (empty: none). Returns a guard that
     * does nothing if the shell cannot be started.
     */
    public static OrphanGuard start(String name, Path pidFile, PidFile kind, String signal, Duration grace,
                                    List<String> afterwards) {
        List<String> command = new ArrayList<>();
        if (Files.isExecutable(Path.of("/usr/bin/setsid")) || Files.isExecutable(Path.of("/bin/setsid"))) {
            command.add("setsid");
        }
        command.addAll(List.of("sh", "-c", SCRIPT, name, Long.toString(ProcessHandle.current().pid()),
                pidFile.toAbsolutePath().toString(), kind.name(), signal, Long.toString(Math.max(1, grace.toSeconds()))));
        command.addAll(afterwards);
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.redirectError(ProcessBuilder.Redirect.DISCARD);
        try {
            return new OrphanGuard(builder.start());
        } catch (IOException e) {
            System.getLogger(OrphanGuard.class.getName()).log(System.Logger.Level.WARNING,
                    "cannot start the orphan guard (sh/tail missing?): " + e.getMessage());
            return new OrphanGuard(null);
        }
    }

    /** The line that names {@code process} in an {@link PidFile#EVERY_LINE} pid file; empty if it is gone already. */
    public static String line(ProcessHandle process) {
        return startTime(process.pid()).map(start -> process.pid() + " " + start).orElse("");
    }

    /** Field 22 of {@code /proc/<pid>/stat}: when the process started, in clock ticks since boot. */
    static java.util.Optional<String> startTime(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // "pid (comm) S ...": the command may hold spaces and parentheses, so count from the last ") "
            String[] fields = stat.substring(stat.lastIndexOf(") ") + 2).split(" ");
            return fields.length > 19 ? java.util.Optional.of(fields[19]) : java.util.Optional.empty();
        } catch (IOException | RuntimeException e) {
            return java.util.Optional.empty();
        }
    }

    /** The guard's own process (for tests), if it started. */
    public java.util.Optional<ProcessHandle> handle() {
        return process == null ? java.util.Optional.empty() : java.util.Optional.of(process.toHandle());
    }

    /** Stops the guard without it touching anything. */
    @Override
    public void close() {
        if (process == null) {
            return;
        }
        // the shell first: were its tail killed first, the shell would go on to stop what it guards
        List<ProcessHandle> children = process.descendants().toList();
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        children.forEach(ProcessHandle::destroyForcibly);
    }
}
