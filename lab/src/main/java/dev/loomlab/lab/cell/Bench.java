package dev.loomlab.lab.cell;

import dev.loomlab.database.RunningDatabase;
import dev.loomlab.lab.load.agents.LoadAgent;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.topology.Namespaces;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a run holds while its cells run, shared by every one of them: where results go, the CPU
 * layout, the database, the fan-out downstream, and either the running target the cells measure
 * or, in the split topology, the namespaces the servers start in.
 *
 * @param target     the already-running server every cell measures, or empty when the lab starts one per cell
 * @param namespaces the split topology's namespaces, or empty in the local topology
 */
public record Bench(RunFolder folder, CpuLayout cpus, RunningDatabase db, Optional<String> target,
                    FanOutDownstream downstream, Optional<Namespaces> namespaces) {

    /**
     * Where the load and the server ran, for the manifest ({@code shares} empty) and for each cell
     * (with each driver's share of its load).
     */
    public Map<String, Object> topology(Plan plan, List<Map<String, Object>> shares) {
        Map<String, Object> m = new LinkedHashMap<>(namespaces.map(Namespaces::describe).orElseGet(() -> plan.topology().describe()));
        m.put("drivers", Math.max(1, plan.agents().size()));
        if (!plan.agents().isEmpty()) {
            m.put("agents", plan.agents().stream().map(LoadAgent::spelling).toList());
        }
        if (!shares.isEmpty()) {
            m.put("driverShares", shares);
        }
        return m;
    }
}
