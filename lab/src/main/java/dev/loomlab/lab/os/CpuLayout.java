package dev.loomlab.lab.os;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Who gets which CPUs. The server gets CPUs of its own so the load driver's work does not
 * show up as server slowness; the driver and the database share the rest. On this 2-core
 * machine kind that is server = 1, driver = 0, database = 0 — and every result says so.
 *
 * @param server   CPU list for taskset, e.g. "1" or "2-3"
 * @param driver   CPU list of the load driver
 * @param database CPU list of the database
 * @param pinned   false when taskset is missing or there is one CPU: everything then shares everything
 */
public record CpuLayout(String server, String driver, String database, boolean pinned, int cores) {

    public static CpuLayout forCores(int cores, boolean tasksetAvailable) {
        String all = cores <= 1 ? "0" : "0-" + (cores - 1);
        if (cores < 2 || !tasksetAvailable) {
            return new CpuLayout(all, all, all, false, cores);
        }
        if (cores == 2) {
            return new CpuLayout("1", "0", "0", true, cores);
        }
        if (cores == 3) {
            return new CpuLayout("2", "0", "1", true, cores);
        }
        // Driver and database a quarter each (at least one), the server the rest.
        int quarter = Math.max(1, cores / 4);
        String driver = range(0, quarter - 1);
        String database = range(quarter, 2 * quarter - 1);
        String server = range(2 * quarter, cores - 1);
        return new CpuLayout(server, driver, database, true, cores);
    }

    public int serverCores() {
        return count(server);
    }

    public Map<String, String> asMap() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("server", server);
        m.put("driver", driver);
        m.put("database", database);
        m.put("pinned", String.valueOf(pinned));
        return m;
    }

    public String describe() {
        if (!pinned) {
            return "unpinned: server, driver and database share all " + cores + " CPUs";
        }
        return "server on CPU " + server + ", load driver on CPU " + driver + ", database on CPU " + database
                + " (of " + cores + ")";
    }

    static int count(String list) {
        return Taskset.cpuSet(list).cardinality();
    }

    private static String range(int from, int to) {
        return from == to ? String.valueOf(from) : from + "-" + to;
    }
}
