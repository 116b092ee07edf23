package dev.loomlab.lab.run;

import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.jdk.ServerJdks;
import dev.loomlab.lab.load.EngineCatalog;
import dev.loomlab.lab.load.LoadEngine;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.os.Taskset;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.topology.Namespaces;
import java.nio.file.Path;
import java.util.List;

/**
 * What every verb sets up before it measures, once per invocation: the lab's JDK, the pre-flight
 * checks (each failure a one-line exit 2 before anything starts), the CPU layout, the load engine
 * and the JDKs the servers run on.
 */
public final class Session {
    private final Jdk jdk;
    private final CpuLayout cpus;
    private final LoadEngine engine;
    private final ServerJdks serverJdks;

    private Session(Jdk jdk, CpuLayout cpus, LoadEngine engine, ServerJdks serverJdks) {
        this.jdk = jdk;
        this.cpus = cpus;
        this.engine = engine;
        this.serverJdks = serverJdks;
    }

    /** A run whose servers the lab starts: {@code plan} checked (results under {@code out}), every JDK it needs found. */
    public static Session forServers(Plan plan, Path out) {
        return forServers(List.of(plan), out);
    }

    /**
     * Several plans run one after the other (a plan of parts): all of them checked, and all their
     * JDKs found, before the first starts. The session's engine is the first plan's; see {@link #forPlan}.
     */
    public static Session forServers(List<Plan> plans, Path out) {
        Jdk jdk = Jdk.current();
        for (Plan plan : plans) {
            // Not root, no ip binary, no TUN device for a delay: exit 2 before anything starts.
            Namespaces.check(plan.topology());
            Preflight.check(plan, out, jdk, Preflight.openFilesLimit());
        }
        FreeSpace.check(plans, out);
        CpuLayout cpus = machineCpus();
        // A missing k6 or wrk stops here with the line that says how to install it (exit 2).
        LoadEngine engine = EngineCatalog.standard().byId(plans.getFirst().engine(), jdk, cpus);
        // A JDK a plan needs but this machine lacks stops here, with how to get it (exit 2).
        ServerJdks serverJdks = ServerJdks.discover();
        plans.forEach(p -> serverJdks.require(p.models(), p::jdksFor));
        return new Session(jdk, cpus, engine, serverJdks);
    }

    /** A run that measures a server already running: no server jars or server JDKs needed. */
    public static Session forTarget(Plan plan, Path out) {
        Jdk jdk = Jdk.current();
        Namespaces.check(plan.topology());
        Preflight.checkTarget(plan, out, Preflight.openFilesLimit());
        FreeSpace.check(List.of(plan), out);
        CpuLayout cpus = machineCpus();
        return new Session(jdk, cpus, EngineCatalog.standard().byId(plan.engine(), jdk, cpus), ServerJdks.discover());
    }

    /** The same session for another plan it checked: that plan's engine. */
    public Session forPlan(Plan plan) {
        return new Session(jdk, cpus, EngineCatalog.standard().byId(plan.engine(), jdk, cpus), serverJdks);
    }

    private static CpuLayout machineCpus() {
        return CpuLayout.forCores(Taskset.machineCores(), Taskset.available());
    }

    /** The JDK the lab (and the hyperfoil driver) runs on. */
    public Jdk jdk() {
        return jdk;
    }

    public CpuLayout cpus() {
        return cpus;
    }

    /** The plan's load engine. */
    public LoadEngine engine() {
        return engine;
    }

    public ServerJdks serverJdks() {
        return serverJdks;
    }
}
