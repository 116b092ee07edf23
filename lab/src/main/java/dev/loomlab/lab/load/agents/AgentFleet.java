package dev.loomlab.lab.load.agents;

import dev.loomlab.lab.load.EngineCatalog;
import dev.loomlab.lab.load.Engines;
import dev.loomlab.lab.load.K6Agents;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.lab.topology.Namespaces;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A run's load agents, held while its cells run: the sshd of each namespace agent, and the engine that drives every
 * cell from all the agents. Namespace agents are the split topology's driver namespaces 1, 2, … in plan order; real
 * machines are reached as the user reaches them.
 */
public final class AgentFleet implements AutoCloseable {
    private final Optional<NamespaceSshd> sshd;
    private final K6Agents engine;

    private AgentFleet(Optional<NamespaceSshd> sshd, K6Agents engine) {
        this.sshd = sshd;
        this.engine = engine;
    }

    /** Starts what {@code agents} need; a {@link PlanException} (exit 2) with one line if this machine cannot. */
    public static AgentFleet start(List<LoadAgent> agents, Optional<Namespaces> namespaces, CpuLayout cpus) {
        int netns = LoadAgent.namespaces(agents);
        if (netns > 0 && namespaces.isEmpty()) {
            throw new PlanException("agents: netns agents are namespaces of the lab's split topology (not of --target): name real hosts, ssh://user@host");
        }
        var k6 = Engines.k6Binary().orElseThrow(() -> new PlanException(EngineCatalog.standard().missingMessage("k6")));
        String version = EngineCatalog.standard().type("k6").version().orElse("k6 (unknown version)");
        Optional<NamespaceSshd> sshd = netns == 0 ? Optional.empty() : Optional.of(NamespaceSshd.start(namespaces.get(), 1, netns, cpus));
        List<AgentHost> hosts = new ArrayList<>();
        int next = 0;
        for (LoadAgent agent : agents) {
            hosts.add(switch (agent) {
                case LoadAgent.Namespace n -> sshd.get().hosts().get(next++);
                case LoadAgent.Ssh ssh -> AgentHost.of(ssh);
            });
        }
        return new AgentFleet(sshd, new K6Agents(k6, version, hosts));
    }

    public K6Agents engine() {
        return engine;
    }

    /** The agents' folders deleted, then the servers stopped and the run's keys deleted. */
    @Override
    public void close() {
        try {
            engine.close();
        } finally {
            sshd.ifPresent(NamespaceSshd::close);
        }
    }
}
