package dev.loomlab.lab.load;

import dev.loomlab.lab.result.AtomicWrite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The lab's side of several drivers' common start: each driver, once connected, reports ready and waits for the gate
 * file; when the last has reported, the gate gets an instant {@link #LEAD_MS} ahead — time for every driver to see the
 * file — and every driver starts its load then. Without it each started after its own JVM start and connections, and
 * the drivers' windows opened up to seconds apart.
 */
final class StartGate {
    /** The progress phase a driver reports once connected and waiting. */
    static final String READY = "ready";
    /** How far ahead of the last driver's ready the common start is: drivers poll the gate every 2 ms. */
    static final long LEAD_MS = 200;

    private final Path file;
    private final AtomicIntegerArray ready;
    private final AtomicInteger waiting;

    private StartGate(Path file, int drivers) {
        this.file = file;
        this.ready = new AtomicIntegerArray(drivers);
        this.waiting = new AtomicInteger(drivers);
    }

    /** A closed gate for {@code drivers} drivers at {@code file} (a stale one from an earlier cell removed). */
    static StartGate open(Path file, int drivers) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new LoadException("cannot clear the drivers' start gate " + file + ": " + e.getMessage());
        }
        return new StartGate(file, drivers);
    }

    Path file() {
        return file;
    }

    /** Driver {@code index} is ready; the last one to be opens the gate. */
    void ready(int index) {
        if (ready.compareAndSet(index, 0, 1) && waiting.decrementAndGet() == 0) {
            AtomicWrite.write(file, Long.toString(System.currentTimeMillis() + LEAD_MS));
        }
    }
}
