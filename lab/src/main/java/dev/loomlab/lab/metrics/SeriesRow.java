package dev.loomlab.lab.metrics;

import java.util.Locale;

/**
 * One second of a cell's time series. Gauges are the value at the sample; rates and pauses are
 * the change since the previous sample (never cumulative counters: one public harness summed
 * cumulative GC counters and was 2,000x off). NaN = the server does not expose that metric.
 *
 * @param tS              seconds since the measured window started
 * @param serverCpuCores  server process CPU, in cores, over the last second (from /proc)
 * @param serverRssMb     server resident set size (from /proc)
 * @param heapUsedMb      JVM heap in use
 * @param gcPauseMs       GC pause time in the last second
 * @param liveThreads     live platform threads
 * @param virtualMounted  virtual threads mounted on a carrier
 * @param virtualQueued   virtual threads queued for a carrier
 * @param pinnedEvents    virtual threads pinned (JFR jdk.VirtualThreadPinned) in the last second
 * @param tomcatBusy      Tomcat request threads busy (platform threads only)
 * @param tomcatMax       Tomcat max threads
 * @param poolActive      connections in use (Hikari active / R2DBC acquired)
 * @param poolIdle        idle connections
 * @param poolPending     requests waiting for a connection
 * @param poolTimeouts    connection waits that timed out in the last second (Hikari)
 * @param driverCpuCores  the load driver's CPU, in cores
 * @param dbCpuCores      the database's CPU, in cores (all its processes)
 */
public record SeriesRow(
        double tS,
        double serverCpuCores,
        double serverRssMb,
        double heapUsedMb,
        double gcPauseMs,
        double liveThreads,
        double virtualMounted,
        double virtualQueued,
        double pinnedEvents,
        double tomcatBusy,
        double tomcatMax,
        double poolActive,
        double poolIdle,
        double poolPending,
        double poolTimeouts,
        double driverCpuCores,
        double dbCpuCores) {

    public static final String CSV_HEADER = "tS,serverCpuCores,serverRssMb,heapUsedMb,gcPauseMs,liveThreads,virtualMounted,"
            + "virtualQueued,pinnedEvents,tomcatBusy,tomcatMax,poolActive,poolIdle,poolPending,poolTimeouts,driverCpuCores,dbCpuCores";

    public String csv() {
        double[] v = {tS, serverCpuCores, serverRssMb, heapUsedMb, gcPauseMs, liveThreads, virtualMounted, virtualQueued,
                pinnedEvents, tomcatBusy, tomcatMax, poolActive, poolIdle, poolPending, poolTimeouts, driverCpuCores, dbCpuCores};
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < v.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            if (!Double.isNaN(v[i])) {
                sb.append(v[i] == Math.rint(v[i]) && Math.abs(v[i]) < 1e15
                        ? String.valueOf((long) v[i])
                        : String.format(Locale.ROOT, "%.3f", v[i]));
            }
        }
        return sb.toString();
    }

    public static SeriesRow parseCsv(String line) {
        String[] f = line.split(",", -1);
        double[] v = new double[17];
        for (int i = 0; i < v.length; i++) {
            v[i] = i < f.length && !f[i].isEmpty() ? Double.parseDouble(f[i]) : Double.NaN;
        }
        return new SeriesRow(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12], v[13], v[14], v[15], v[16]);
    }
}
