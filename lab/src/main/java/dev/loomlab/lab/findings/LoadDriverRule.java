package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import dev.loomlab.lab.ceiling.Resources;
import dev.loomlab.lab.metrics.SeriesRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The load driver set the pace, not the server: it used ≥ 90 % of its CPUs, or with the database on
 * the same CPUs the two kept them ≥ 90 % busy, or (open model) it could not send requests it had scheduled. Then every other figure of the cell understates the server.
 */
final class LoadDriverRule {
    private LoadDriverRule() {
    }

    static Optional<String> sentence(Evidence e) {
        List<String> evidence = new ArrayList<>();
        Long unsent = e.cell.unsent();
        if (unsent != null && unsent > 0) {
            e.quote("unsent", unsent);
            e.quote("rate", orZero(e.cell.rate()));
            e.quote("achievedRate", orZero(e.cell.achievedRate()));
            evidence.add(f("the load driver could not send %s of the scheduled requests (requested %.1f/s, achieved %.1f/s)",
                    Say.count(unsent), orZero(e.cell.rate()), orZero(e.cell.achievedRate())));
        }
        int cores = e.driverCores();
        double cpu = e.mean(SeriesRow::driverCpuCores);
        if (Double.isNaN(cpu) && e.cell.driverCpuS() != null && e.cell.durationS() > 0) {
            cpu = e.cell.driverCpuS() / e.cell.durationS();
        }
        if (cores > 0 && !Double.isNaN(cpu) && cpu >= Findings.DRIVER_BOUND * cores) {
            e.quote("driverCpuCores", cpu);
            e.quote("driverCores", cores);
            evidence.add(f("the load driver used %.2f of %s (%s)", cpu, Say.itsCores(cores), Say.percent(cpu / cores)));
        }
        // The database on the driver's own cores (the default layout) competes with it for them: together they can
        // saturate the driver's cores while the driver alone looks idle.
        double database = e.mean(SeriesRow::dbCpuCores);
        boolean shared = !Resources.cpuSet(cpuList(e, "driver")).isEmpty()
                && Resources.cpuSet(cpuList(e, "driver")).equals(Resources.cpuSet(cpuList(e, "database")));
        if (evidence.isEmpty() && cores > 0 && shared && !Double.isNaN(cpu) && !Double.isNaN(database)
                && cpu + database >= Findings.DRIVER_BOUND * cores) {
            e.quote("driverCpuCores", cpu);
            e.quote("dbCpuCores", database);
            e.quote("driverCores", cores);
            evidence.add(f("the load driver's %s %s busy: the driver %.2f and the database sharing %s %.2f",
                    cores == 1 ? "core was" : cores + " cores were", Say.percent((cpu + database) / cores), cpu, cores == 1 ? "it" : "them",
                    database));
        }
        if (evidence.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(String.join("; ", evidence)
                + " — load-driver-bound: the driver, not the server, set this cell's pace, so its figures understate the server");
    }

    private static String cpuList(Evidence e, String role) {
        return e.cell.cpus() == null ? null : e.cell.cpus().get(role);
    }

    private static double orZero(Double v) {
        return v == null ? 0 : v;
    }
}
