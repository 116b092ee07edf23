package dev.loomlab.lab.metrics;

import java.util.Map;
import java.util.OptionalDouble;

/**
 * The processes' CPU clocks read at a window's two edges and nothing between them: the {@link Sampler}'s edges and
 * arithmetic ({@link WindowEdges}) without its once-a-second rows, for a measurement (crosscheck's) that needs only
 * the totals and must put no work of the lab's beside the window.
 */
public final class WindowClock {
    private final SampleReader reader;
    private volatile CpuReading start;
    private volatile CpuReading end;

    /** The server's process; no Actuator scrape and no database clock (crosscheck counts it with the rest). */
    public WindowClock(long serverPid) {
        this.reader = new SampleReader(serverPid, null, -1);
    }

    /** Adds a load driver's process; called once per driver. */
    public void driverPid(long pid) {
        reader.driverPid(pid);
    }

    /** Reads the opening edge, once: later calls leave it where it was. */
    public synchronized void open() {
        if (start == null) {
            start = reader.cpuNow();
        }
    }

    /** Reads the closing edge, once, if the window opened. */
    public synchronized void close() {
        if (start != null && end == null) {
            end = reader.cpuNow();
        }
    }

    /** As {@link Sampler#windowTotals()}, the CPU part: {@code serverCpuCoresMean} and the rest; empty unless closed. */
    public Map<String, Double> totals() {
        return new WindowEdges(null, null, start, end, null, null).totals();
    }

    /** As {@link Sampler#windowMachineCores()}. */
    public OptionalDouble machineCores() {
        return machineCores(start, end);
    }

    /** The whole machine's busy cores between two edges; empty when one was not read or /proc/stat is missing. */
    static OptionalDouble machineCores(CpuReading start, CpuReading end) {
        double cores = start == null || end == null ? Double.NaN : start.machineCoresUntil(end);
        return Double.isNaN(cores) ? OptionalDouble.empty() : OptionalDouble.of(cores);
    }
}
