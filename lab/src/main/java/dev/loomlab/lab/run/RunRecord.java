package dev.loomlab.lab.run;

import dev.loomlab.lab.report.ReportFiles;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.settings.Defaults;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What one run has written to its folder: the manifest, each cell as soon as it exists with the order the cells ran
 * in, and the run's end (complete, failed, or interrupted when the JVM goes down) written once with the report.
 * The shutdown hook reads it from another thread, hence the concurrent lists.
 */
final class RunRecord {
    private final RunFolder folder;
    private final List<CellResult> results = new CopyOnWriteArrayList<>();
    private final List<String> order = new CopyOnWriteArrayList<>();
    private final AtomicReference<Manifest> manifest = new AtomicReference<>();
    private final AtomicBoolean finished = new AtomicBoolean();
    private final AtomicBoolean interrupted = new AtomicBoolean();
    /** The end of the cell measured last, for a run cut short (Ctrl-C) to wait for before it writes what it has. */
    private volatile Future<?> pendingEnding = CompletableFuture.completedFuture(null);

    RunRecord(RunFolder folder) {
        this.folder = folder;
    }

    /** Writes the run's first manifest: from here on, a run that fails or is cut short writes its end. */
    void begin(Manifest first) {
        manifest.set(first);
        folder.writeManifest(first);
    }

    /** A cell kept from the interrupted run ({@code --resume}): already in the folder, recorded in the order only. */
    void addKept(String key, CellResult kept) {
        results.add(kept);
        order.add(key);
    }

    /** A cell just measured: written, then the manifest's order with it. */
    void addMeasured(String key, CellResult result) {
        folder.writeCell(result);
        results.add(result);
        order.add(key);
        folder.writeManifest(manifest.get().withStatus("running", null, List.copyOf(order)));
    }

    /** Marks the start of a cell's end, which a Ctrl-C from now on waits for; complete it when the cell is recorded. */
    CompletableFuture<Void> cellEnding() {
        CompletableFuture<Void> ended = new CompletableFuture<>();
        pendingEnding = ended;
        return ended;
    }

    /** Whether the JVM is going down (Ctrl-C, SIGTERM): a cell ending now is not written. */
    boolean interrupted() {
        return interrupted.get();
    }

    List<CellResult> results() {
        return List.copyOf(results);
    }

    void complete() {
        end("complete");
        finished.set(true);
    }

    void fail(RuntimeException e) {
        if (manifest.get() != null) {
            end("failed: " + e.getMessage());
        }
        finished.set(true);
    }

    /** The shutdown hook's part: keep what was measured, mark the run interrupted, render what there is. */
    void interrupt() {
        // First: a cell cut short by Ctrl-C is not a measured (nor a failed) cell, and is not written.
        interrupted.set(true);
        // a cell measured and ending when the run was cut short is kept: its end is bounded by its server's stop
        awaitQuietly(pendingEnding, Defaults.SERVER_STOP_TIMEOUT.plusSeconds(15));
        if (!finished.get() && manifest.get() != null) {
            end("interrupted");
        }
    }

    private void end(String status) {
        Manifest last = manifest.get().withStatus(status, Instant.now().toString(), List.copyOf(order));
        List<CellResult> cells = List.copyOf(results);
        folder.writeManifest(last);
        ReportFiles.write(folder, last, cells);
    }

    /** Waits up to {@code bound} for {@code task}, then goes on whatever became of it. */
    private static void awaitQuietly(Future<?> task, Duration bound) {
        try {
            task.get(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // a cell's end that failed or ran over is not written: the run says it was cut short
        }
    }
}
