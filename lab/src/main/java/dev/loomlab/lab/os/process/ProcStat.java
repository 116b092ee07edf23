package dev.loomlab.lab.os.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A process's or a thread's {@code stat} line in /proc, from its state on. The JDK reads none of it (its process API
 * knows CPU time, not whether a process is stopped or a thread's nice value), and the two fields the lab needs do not
 * call for a library. The command name before the fields may itself hold spaces and parentheses, so they are counted
 * from its last closing parenthesis.
 *
 * @param fields the fields from the third (state) on
 */
record ProcStat(List<String> fields) {
    /** The stat of process {@code pid}; empty when it is gone or there is no /proc. */
    static Optional<ProcStat> ofProcess(long pid) {
        return read(Path.of("/proc", Long.toString(pid), "stat"));
    }

    /** The stat of one thread of process {@code pid}; empty when it has ended. */
    static Optional<ProcStat> ofThread(long pid, String tid) {
        return read(Path.of("/proc", Long.toString(pid), "task", tid, "stat"));
    }

    private static Optional<ProcStat> read(Path stat) {
        try {
            String line = Files.readString(stat).strip();
            return Optional.of(new ProcStat(List.of(line.substring(line.lastIndexOf(')') + 2).split(" "))));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Field 3: R running, S sleeping, T stopped, and so on. */
    char state() {
        return fields.get(0).charAt(0);
    }

    /** Field 19: the nice value, from -20 to 19. */
    int nice() {
        return Integer.parseInt(fields.get(16));
    }
}
