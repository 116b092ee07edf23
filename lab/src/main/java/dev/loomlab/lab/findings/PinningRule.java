package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import dev.loomlab.lab.metrics.JfrCounts;
import dev.loomlab.lab.metrics.SeriesRow;
import dev.loomlab.scenario.Scenarios;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Virtual threads were pinned (JFR {@code jdk.VirtualThreadPinned}: blocked for over 20 ms while
 * they could not unmount). A pinned thread blocks its carrier, and there are only as many carriers
 * as the server has cores: requests that pin run at most carriers / S.
 */
final class PinningRule {
    private static final Set<String> PINNED_FOR_S = Set.of(
            Scenarios.PINNED.id(), Scenarios.NATIVE_PINNED.id());

    private PinningRule() {
    }

    static Optional<String> sentence(Evidence e) {
        double pinned = pinned(e);
        if (Double.isNaN(pinned) || pinned <= 0) {
            return Optional.empty();
        }
        StringBuilder sb = new StringBuilder(f("%s pinning event%s (%s in the window)", Say.count(pinned),
                pinned == 1 ? "" : "s", JfrCounts.PINNED));
        // As many as the model's launcher sets (max(cores, 4) on the virtual-thread servers); a target: one per core.
        int carriers = e.carriers();
        e.quote("pinnedEvents", pinned);
        e.quote("carriers", carriers);
        double s = e.quote("serviceS", e.serviceS());
        // Only where the whole request blocks pinned (the pinned scenarios) is its service time the pin's length.
        boolean pinnedWholeRequest = PINNED_FOR_S.contains(e.cell.scenario());
        if (carriers > 0) {
            sb.append(carriers == 1
                    ? ": a virtual thread that blocks while pinned holds the server's only carrier thread"
                    : f(": a virtual thread that blocks while pinned holds one of the server's %d carrier threads", carriers));
            if (s > 0 && pinnedWholeRequest) {
                sb.append(f(", so requests that pin run at most %d carrier%s / %s = %s", carriers, carriers == 1 ? "" : "s",
                        Say.seconds(s), Say.tps(carriers / s)));
            } else {
                sb.append(" for as long as it blocks, and no other virtual thread runs there meanwhile");
            }
        }
        Map<String, Long> at = JfrCounts.pinnedAt(e.cell.jfrEvents());
        String culprit = at.isEmpty() ? null : at.keySet().iterator().next();
        if (culprit != null) {
            e.quote("pinnedAtTop", at.get(culprit));
            sb.append(f("; pinned at %s (%s of them)", culprit, Say.count(at.get(culprit))));
        }
        sb.append(" — ").append(culprit != null && culprit.startsWith("com.mysql.") && major(e.cell.serverJdk()) < 24
                ? "mysql-connector-j before 9.0 does its socket I/O inside synchronized: upgrade it to 9.0+ (or use MariaDB"
                        + " Connector/J), or run on JDK 24+ (JEP 491)"
                : advice(e.cell.serverJdk()));
        if (e.cell.files().jfr() != null) {
            sb.append(f("; stack traces: jfr print --events %s %s", JfrCounts.PINNED, e.cell.files().jfr()));
        }
        return Optional.of(sb.toString());
    }

    /** At least one pinning event per second of the window on average can account for lost throughput; fewer are reported only. */
    static boolean explains(Evidence e) {
        double pinned = pinned(e);
        return !Double.isNaN(pinned) && pinned >= Math.max(1, e.windowS());
    }

    /** The cell's recording is the source; the per-second counter only when the recording was not read. NaN: neither. */
    private static double pinned(Evidence e) {
        long recorded = e.jfr(JfrCounts.PINNED);
        return recorded >= 0 ? recorded : e.sum(SeriesRow::pinnedEvents);
    }

    /** JDK 24+ (JEP 491) unmounts inside synchronized; what still pins there is native frames and class initializers. */
    static String advice(String jdk) {
        int major = major(jdk);
        if (major >= 24) {
            return "on JDK " + major + " synchronized no longer pins (JEP 491): look for native frames or class initializers";
        }
        return "synchronized around a blocking call pins (JEP 444): use a ReentrantLock there";
    }

    static int major(String version) {
        if (version == null) {
            return 0;
        }
        String digits = version.strip().replaceFirst("^1\\.", "").replaceFirst("^(\\d+).*", "$1");
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
