package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import dev.loomlab.lab.ceiling.Resources;
import dev.loomlab.lab.metrics.SeriesRow;
import dev.loomlab.load.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The load driver set the pace, not the server: it used ≥ 90 % of its CPUs, or with the database on
 * the same CPUs the two kept them ≥ 90 % busy, or (open model) it could not send requests it had scheduled or sent
 * at least 1 % of them late. Then every other figure of the cell understates the server.
 */
final class LoadDriverRule {
    /**
     * Requests sent late, as a share of the window's, from which the driver rather than the server shaped the arrivals:
     * a few late sends (a driver GC) leave the offered load as planned.
     */
    static final double LATE_SHARE = 0.01;

    private LoadDriverRule() {
    }

    static Optional<String> sentence(Evidence e) {
        List<String> evidence = new ArrayList<>();
        Long unsent = e.cell.unsent();
        if (unsent != null && unsent > 0) {
            // Unsent requests are the open model's; any other shape has no requested rate, said as 0/s.
            double rate = e.cell.workload() instanceof Workload.Open(double perSec) ? perSec : 0;
            e.quote("unsent", unsent);
            e.quote("rate", rate);
            e.quote("achievedRate", orZero(e.cell.achievedRate()));
            evidence.add(f("the load driver could not send %s of the scheduled requests (requested %.1f/s, achieved %.1f/s)",
                    Say.count(unsent), rate, orZero(e.cell.achievedRate())));
        }
        double late = e.cell.metrics() == null ? 0 : e.cell.metrics().getOrDefault("sentLate", 0.0);
        if (late > 0 && late >= LATE_SHARE * Math.max(1, e.cell.requests())) {
            double lateAfter = e.cell.metrics().getOrDefault("lateAfterMs", 0.0);
            double worst = e.cell.metrics().getOrDefault("maxSendDelayMs", 0.0);
            e.quote("sentLate", late);
            e.quote("lateAfterMs", lateAfter);
            e.quote("maxSendDelayMs", worst);
            evidence.add(f("the load driver sent %s of the %s requests more than %.0f ms after they were due (the latest %.0f ms late;"
                    + " their latency counts from when they were due)", Say.count((long) late), Say.count(e.cell.requests()), lateAfter, worst));
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
