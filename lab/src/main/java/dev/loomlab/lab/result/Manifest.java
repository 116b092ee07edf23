package dev.loomlab.lab.result;

import java.util.List;
import java.util.Map;

/**
 * Everything needed to reproduce or judge a run, written first (status {@code running}) and
 * rewritten at the end: the machine, every JDK and library version, the plan as resolved,
 * the CPU layout, the engine and the git commit. Passwords never appear here.
 *
 * @param plan      the resolved plan, field by field, password masked
 * @param machine   cores, memory, kernel, OS
 * @param versions  loomlab, Spring Boot, Hyperfoil, database server …
 * @param cpus      role → CPU list, e.g. server → "1", driver → "0", database → "0"
 * @param cells     the stems of the cells in run order, e.g. mvc-virtual/block-r1
 * @param topology  where drivers, server and database ran: mode, namespaces, addresses, delays, drivers
 */
public record Manifest(
        int schema,
        String runId,
        String status,
        String startedAt,
        String finishedAt,
        String command,
        Map<String, Object> plan,
        Map<String, String> machine,
        Map<String, String> jdks,
        Map<String, String> versions,
        String database,
        Map<String, String> cpus,
        String engine,
        String gitCommit,
        List<String> cells,
        Map<String, Object> topology) {

    public Manifest(int schema, String runId, String status, String startedAt, String finishedAt, String command,
                    Map<String, Object> plan, Map<String, String> machine, Map<String, String> jdks, Map<String, String> versions,
                    String database, Map<String, String> cpus, String engine, String gitCommit, List<String> cells) {
        this(schema, runId, status, startedAt, finishedAt, command, plan, machine, jdks, versions, database, cpus, engine,
                gitCommit, cells, null);
    }

    public static final int SCHEMA = 1;

    public Manifest withStatus(String newStatus, String finished, List<String> doneCells) {
        return new Manifest(schema, runId, newStatus, startedAt, finished, command, plan, machine, jdks, versions,
                database, cpus, engine, gitCommit, doneCells, topology);
    }

    /** Collects a manifest's parts as a run learns them (the database is known only once started). */
    public static final class Builder {
        private String runId;
        private String startedAt;
        private String command;
        private Map<String, Object> plan = Map.of();
        private Map<String, String> machine = Map.of();
        private Map<String, String> jdks = Map.of();
        private Map<String, String> versions = Map.of();
        private String database = "";
        private Map<String, String> cpus = Map.of();
        private String engine;
        private String gitCommit;
        private Map<String, Object> topology;

        public Builder runId(String v) { runId = v; return this; }
        public Builder startedAt(String v) { startedAt = v; return this; }
        public Builder command(String v) { command = v; return this; }
        public Builder plan(Map<String, Object> v) { plan = v; return this; }
        public Builder machine(Map<String, String> v) { machine = v; return this; }
        public Builder jdks(Map<String, String> v) { jdks = v; return this; }
        public Builder versions(Map<String, String> v) { versions = v; return this; }
        public Builder database(String v) { database = v; return this; }
        public Builder cpus(Map<String, String> v) { cpus = v; return this; }
        public Builder engine(String v) { engine = v; return this; }
        public Builder gitCommit(String v) { gitCommit = v; return this; }
        public Builder topology(Map<String, Object> v) { topology = v; return this; }

        public Manifest build() {
            return new Manifest(SCHEMA, runId, "running", startedAt, null, command, plan, machine, jdks, versions,
                    database, cpus, engine, gitCommit, List.of(), topology);
        }
    }
}
