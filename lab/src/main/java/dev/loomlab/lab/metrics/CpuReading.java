package dev.loomlab.lab.metrics;

import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The processes' CPU seconds at one instant. The window's mean CPU is the difference of two of them over the wall
 * time between: weighted by time over exactly the window, where a mean of the per-second rows would weigh rows of
 * unequal length alike and leave out the stretches before the first row and after the last.
 */
record CpuReading(long nanos, double server, double driver, double db, double lab, Optional<MachineCpu> machine) {
    double coresUntil(CpuReading end, ToDoubleFunction<CpuReading> clock) {
        double dt = (end.nanos - nanos) / 1e9;
        return dt <= 0 ? Double.NaN : (clock.applyAsDouble(end) - clock.applyAsDouble(this)) / dt;
    }

    /** The whole machine's busy cores between the two readings; NaN without {@code /proc/stat}. */
    double machineCoresUntil(CpuReading end) {
        return machine.isPresent() && end.machine.isPresent() ? end.machine.get().busyCoresSince(machine.get()) : Double.NaN;
    }

    /**
     * What the rest of the machine used in the window, in cores: its busy CPU less the server's, the drivers', the
     * database's and the lab's own. Pinning keeps the lab's processes apart from one another, not from anybody else's; a
     * build, a test suite or a browser beside a window shows here (and in a finding), where the cell's own figures cannot
     * show it. Kernel work not charged to a process (interrupts) is in it too.
     */
    double otherCoresUntil(CpuReading end) {
        double machineCores = machineCoresUntil(end);
        if (Double.isNaN(machineCores)) {
            return Double.NaN;
        }
        double own = 0;
        for (ToDoubleFunction<CpuReading> clock : List.<ToDoubleFunction<CpuReading>>of(CpuReading::server, CpuReading::driver,
                CpuReading::db, CpuReading::lab)) {
            double cores = coresUntil(end, clock);
            own += Double.isNaN(cores) ? 0 : cores;
        }
        // /proc/stat counts in ticks and the processes in nanoseconds: a few hundredths either way are rounding
        return Math.max(0, machineCores - own);
    }
}
