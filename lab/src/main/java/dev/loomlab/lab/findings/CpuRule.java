package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import java.util.Optional;

/** The server used ≥ 85 % of its CPUs on average over the window: CPU-bound. */
final class CpuRule {
    private CpuRule() {
    }

    static Optional<String> sentence(Evidence e) {
        int cores = e.serverCores();
        double cpu = e.serverCpu();
        if (cores <= 0 || Double.isNaN(cpu) || cpu < Findings.CPU_BOUND * cores) {
            return Optional.empty();
        }
        e.quote("serverCpuCores", cpu);
        e.quote("serverCores", cores);
        return Optional.of(f("server CPU at %s of %s (%.2f cores on average) — CPU-bound", Say.percent(cpu / cores),
                Say.itsCores(cores), cpu));
    }
}
