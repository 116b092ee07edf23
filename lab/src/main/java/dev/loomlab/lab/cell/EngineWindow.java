package dev.loomlab.lab.cell;

import dev.loomlab.lab.load.LoadProgress;
import dev.loomlab.lab.metrics.Sampler;

/**
 * A crosscheck engine's window for the {@link Sampler}: opened at the engine's first "measure" report, as a run's cell
 * opens it, and closed when the load returns (the sampler's {@link Sampler#stop()}); the engine's process is sampled
 * beside the server's. The live progress follows every report.
 */
final class EngineWindow implements LoadProgress.Listener {
    private final Sampler sampler;
    private final LoadProgress.Listener live;

    EngineWindow(Sampler sampler, LoadProgress.Listener live) {
        this.sampler = sampler;
        this.live = live;
    }

    @Override
    public void onProgress(LoadProgress p) {
        // openWindow acts once: later reports of the window leave its opening where it was
        if (p.phase().equals("measure")) {
            sampler.openWindow();
        }
        live.onProgress(p);
    }

    @Override
    public void engineStarted(long pid) {
        sampler.driverPid(pid);
    }
}
