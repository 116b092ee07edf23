package dev.loomlab.lab.result;

import dev.loomlab.lab.os.SecretMask;
import dev.loomlab.lab.plan.PlanDocument;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Everything needed to reproduce or judge a run, written first (status {@code running}) and
 * rewritten at the end: the machine, every JDK and library version, the plan as resolved,
 * the CPU layout, the engine and the git commit. Passwords never appear here.
 *
 * @param plan      the resolved plan as a plan document (every field given), user and password left out,
 *                  the URL's password masked; {@code --resume} binds it back as it binds a plan file
 * @param machine   cores, memory, kernel, OS
 * @param versions  loomlab, Spring Boot, Hyperfoil, database server …
 * @param cpus      role → CPU list, e.g. server → "1", driver → "0", database → "0"
 * @param cells     the stems of the cells in run order, e.g. mvc-virtual/block-r1
 * @param topology  where drivers, server and database ran: mode, namespaces, addresses, delays, drivers
 * @param builds    null, or — when a run was resumed by another build with {@code --force} — the build
 *                  that started it, then each that resumed it
 */
public record Manifest(
        int schema,
        String runId,
        String status,
        String startedAt,
        String finishedAt,
        String command,
        PlanDocument plan,
        Map<String, String> machine,
        Map<String, String> jdks,
        Map<String, String> versions,
        String database,
        Map<String, String> cpus,
        String engine,
        String gitCommit,
        List<String> cells,
        Map<String, Object> topology,
        List<Build> builds) {

    /** The {@code versions} key of the user's own label of what a run measured ({@code run --label}). */
    public static final String VERSION_LABEL = "label";
    /** The {@code versions} key of the user's service's own version, as its jar names itself ({@code --app}). */
    public static final String VERSION_APP = "app";

    /** The command is masked however the manifest was made: built by a run, or read from an older run's file. */
    public Manifest {
        command = SecretMask.commandLine(command);
    }

    public Manifest(int schema, String runId, String status, String startedAt, String finishedAt, String command,
                    PlanDocument plan, Map<String, String> machine, Map<String, String> jdks, Map<String, String> versions,
                    String database, Map<String, String> cpus, String engine, String gitCommit, List<String> cells) {
        this(schema, runId, status, startedAt, finishedAt, command, plan, machine, jdks, versions, database, cpus, engine,
                gitCommit, cells, null, null);
    }

    /** 2: {@code plan} is a plan document (1 wrote its own map: {@code tomcatMaxThreads}, {@code dbUrl: embedded}, drivers described). */
    public static final int SCHEMA = 2;

    /** The loomlab version this build writes into {@code versions}. */
    public static final String LOOMLAB_VERSION = "0.1.0";

    /** Which loomlab wrote a run: its version and its checkout's commit. */
    public record Build(String loomlab, String gitCommit) {
    }

    /** The build that wrote this manifest (the last one, when several did). */
    public Build build() {
        return new Build(versions == null ? null : versions.get("loomlab"), gitCommit);
    }

    public Manifest withStatus(String newStatus, String finished, List<String> doneCells) {
        return new Manifest(schema, runId, newStatus, startedAt, finished, command, plan, machine, jdks, versions,
                database, cpus, engine, gitCommit, doneCells, topology, builds);
    }

    /**
     * A manifest's JSON as this schema reads it: a schema-1 plan map becomes a plan document
     * (its {@code tomcatMaxThreads} is the plan's {@code tomcatThreads}, {@code embedded} is no
     * {@code dbUrl}, and its described JDBC drivers are the axis' ids).
     */
    public static JsonNode upgrade(JsonNode manifest) {
        // A plan of one load driver, as plans before load agents wrote it: what a plan without agents is now.
        if (manifest instanceof ObjectNode m && m.get("plan") instanceof ObjectNode p && p.path("drivers").asInt(0) == 1) {
            p.remove("drivers");
        }
        if (!(manifest instanceof ObjectNode root) || root.path("schema").asInt(SCHEMA) != 1
                || !(root.get("plan") instanceof ObjectNode plan)) {
            return manifest;
        }
        JsonNode threads = plan.remove("tomcatMaxThreads");
        if (threads != null) {
            plan.set("tomcatThreads", threads);
        }
        if ("embedded".equals(plan.path("dbUrl").asString(null))) {
            plan.remove("dbUrl");
        }
        if (plan.get("jdbcDrivers") instanceof ObjectNode described) {
            ArrayNode ids = plan.arrayNode();
            described.propertyNames().forEach(ids::add);
            plan.set("jdbcDrivers", ids);
        }
        return root;
    }

    /** Collects a manifest's parts as a run learns them (the database is known only once started). */
    public static final class Builder {
        private String runId;
        private String startedAt;
        private String command;
        private PlanDocument plan;
        private Map<String, String> machine = Map.of();
        private Map<String, String> jdks = Map.of();
        private Map<String, String> versions = Map.of();
        private String database = "";
        private Map<String, String> cpus = Map.of();
        private String engine;
        private String gitCommit;
        private Map<String, Object> topology;
        private List<Build> builds;

        public Builder runId(String v) { runId = v; return this; }
        public Builder startedAt(String v) { startedAt = v; return this; }
        public Builder command(String v) { command = v; return this; }
        /** The arguments the lab was started with; secrets are masked before they are joined. */
        public Builder command(List<String> args) { command = SecretMask.commandLine(args); return this; }
        public Builder plan(PlanDocument v) { plan = v; return this; }
        public Builder machine(Map<String, String> v) { machine = v; return this; }
        public Builder jdks(Map<String, String> v) { jdks = v; return this; }
        public Builder versions(Map<String, String> v) { versions = v; return this; }
        public Builder database(String v) { database = v; return this; }
        public Builder cpus(Map<String, String> v) { cpus = v; return this; }
        public Builder engine(String v) { engine = v; return this; }
        public Builder gitCommit(String v) { gitCommit = v; return this; }
        public Builder topology(Map<String, Object> v) { topology = v; return this; }
        public Builder builds(List<Build> v) { builds = v; return this; }

        public Manifest build() {
            return new Manifest(SCHEMA, runId, "running", startedAt, null, command, plan, machine, jdks, versions,
                    database, cpus, engine, gitCommit, List.of(), topology, builds);
        }
    }
}
