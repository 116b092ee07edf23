package dev.loomlab.lab.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The whole machine's busy CPU from {@code /proc/stat} (user + nice + system + irq + softirq +
 * steal over all CPUs). Pinning keeps the lab's own processes apart, but not anybody else's: a
 * crosscheck compares engines measured one after the other, so it records how busy the machine
 * was in each window and says so when processes other than the server and the engine took CPU.
 */
public record MachineCpu(long busyTicks, long totalTicks, int cpus) {
    private static final Path STAT = Path.of("/proc/stat");

    /** Now, or empty where there is no {@code /proc/stat}. */
    public static Optional<MachineCpu> now() {
        try {
            List<String> lines = Files.readAllLines(STAT);
            int cpus = (int) lines.stream().filter(l -> l.matches("cpu\\d+ .*")).count();
            return lines.stream().filter(l -> l.startsWith("cpu ")).findFirst().map(l -> parse(l, cpus));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static MachineCpu parse(String cpuLine, int cpus) {
        String[] f = cpuLine.trim().split("\\s+");
        long user = Long.parseLong(f[1]);
        long nice = Long.parseLong(f[2]);
        long system = Long.parseLong(f[3]);
        long idle = Long.parseLong(f[4]);
        long iowait = f.length > 5 ? Long.parseLong(f[5]) : 0;
        long irq = f.length > 6 ? Long.parseLong(f[6]) : 0;
        long softirq = f.length > 7 ? Long.parseLong(f[7]) : 0;
        long steal = f.length > 8 ? Long.parseLong(f[8]) : 0;
        long busy = user + nice + system + irq + softirq + steal;
        return new MachineCpu(busy, busy + idle + iowait, Math.max(1, cpus));
    }

    /** Cores busy on average between {@code earlier} and this snapshot. */
    public double busyCoresSince(MachineCpu earlier) {
        long total = totalTicks - earlier.totalTicks;
        return total <= 0 ? 0 : (double) (busyTicks - earlier.busyTicks) / total * cpus;
    }
}
