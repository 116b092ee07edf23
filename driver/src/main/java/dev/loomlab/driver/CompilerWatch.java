package dev.loomlab.driver;

import dev.loomlab.load.Protocol;
import dev.loomlab.load.SteadyState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A server JVM's JIT compiler at work, read second by second from the kernel's per-thread CPU counters
 * ({@code /proc/PID/task/TID/stat}): HotSpot names its compiler threads {@code C1 CompilerThreadN} and
 * {@code C2 CompilerThreadN}, cut by the kernel to 15 characters. The server runs on this machine, in the driver's PID
 * namespace (the split topology separates networks only), so its threads are there to read.
 *
 * <p>Read from {@code /proc} rather than through JFR or JMX: the server is another process, and neither its flight
 * recording (read after the cell) nor a JMX connection (a port and an agent it does not open) tells the driver while
 * the warm-up runs.
 */
final class CompilerWatch {
    private static final String C1 = "C1 CompilerThre";
    private static final String C2 = "C2 CompilerThre";

    /** Clock ticks per second of {@code /proc}'s CPU counters: USER_HZ, 100 on every Linux this runs on. */
    private static final double TICKS_PER_SECOND = 100;

    /** Ticks so far, the compiler threads' and the whole process's, at {@code nanos}, with the CPUs it may run on. */
    record Reading(long nanos, long compiler, long process, int cpus) {
    }

    private final Path proc;
    private final List<Reading> perSecond = new ArrayList<>();

    /** Watches process {@code pid}; {@code proc} is {@code /proc} (another root in tests). */
    CompilerWatch(Path proc, long pid) {
        this.proc = proc.resolve(Long.toString(pid));
    }

    static CompilerWatch of(long pid) {
        return new CompilerWatch(Path.of("/proc"), pid);
    }

    /** Takes the reading of the second that just ended; a process gone or unreadable adds nothing. */
    void sample() {
        sample(System.nanoTime());
    }

    void sample(long nanos) {
        Optional<Reading> now = read(nanos);
        synchronized (perSecond) {
            now.ifPresent(perSecond::add);
        }
    }

    /**
     * The compiler's and the server's shares of its CPUs over the last {@link Protocol#TREND_SECONDS} readings, or
     * empty while there are fewer.
     */
    Optional<SteadyState.Compiler> shares() {
        Reading from;
        Reading to;
        synchronized (perSecond) {
            int n = perSecond.size();
            if (n <= Protocol.TREND_SECONDS) {
                return Optional.empty();
            }
            from = perSecond.get(n - 1 - Protocol.TREND_SECONDS);
            to = perSecond.get(n - 1);
        }
        double capacity = (to.nanos() - from.nanos()) / 1e9 * TICKS_PER_SECOND * Math.max(1, to.cpus());
        return capacity <= 0 ? Optional.empty()
                : Optional.of(new SteadyState.Compiler(round((to.compiler() - from.compiler()) / capacity), round((to.process() - from.process()) / capacity)));
    }

    /** Whether the compiler is quiet by the {@link SteadyState.Compiler#quiet} rule; false while it cannot tell. */
    boolean quiet() {
        return shares().map(SteadyState.Compiler::quiet).orElse(false);
    }

    private static double round(double share) {
        return Math.round(share * 1000) / 1000.0;
    }

    Optional<Reading> read() {
        return read(System.nanoTime());
    }

    private Optional<Reading> read(long nanos) {
        try {
            long process = ticks(Files.readString(proc.resolve("stat")));
            long compiler = 0;
            try (Stream<Path> tasks = Files.list(proc.resolve("task"))) {
                for (Path task : tasks.toList()) {
                    compiler += compilerTicks(task);
                }
            }
            return Optional.of(new Reading(nanos, compiler, process, cpus(Files.readString(proc.resolve("status")))));
        } catch (IOException | RuntimeException gone) {
            // The server stopped, or /proc is not there: the warm-up is then judged on its completions alone.
            return Optional.empty();
        }
    }

    /** How many CPUs the process may run on: its {@code Cpus_allowed_list}, e.g. {@code 1} or {@code 0-1,4}. */
    static int cpus(String status) {
        String list = status.lines().filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst().orElseThrow()
                .substring("Cpus_allowed_list:".length()).trim();
        int n = 0;
        for (String range : list.split(",")) {
            String[] ends = range.split("-");
            n += ends.length == 1 ? 1 : Integer.parseInt(ends[1]) - Integer.parseInt(ends[0]) + 1;
        }
        return n;
    }

    private static long compilerTicks(Path task) {
        try {
            String stat = Files.readString(task.resolve("stat"));
            return isCompiler(stat) ? ticks(stat) : 0;
        } catch (IOException | RuntimeException ended) {
            // a thread that ended between the listing and the read took its ticks into the process's total
            return 0;
        }
    }

    /** Whether a thread's {@code stat} line names one of HotSpot's compiler threads. */
    static boolean isCompiler(String stat) {
        String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        return name.startsWith(C1) || name.startsWith(C2);
    }

    /** utime + stime of one {@code stat} line: fields 14 and 15, counted after the name, which may hold spaces. */
    static long ticks(String stat) {
        String[] f = fieldsAfterName(stat);
        // f[0] is field 3 (state): utime is field 14, stime 15
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }

    /** A {@code stat} line's fields from field 3 (state) on: the name before them may hold spaces and parentheses. */
    static String[] fieldsAfterName(String stat) {
        return stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
    }
}
