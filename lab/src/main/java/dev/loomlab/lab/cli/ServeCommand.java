package dev.loomlab.lab.cli;

import dev.loomlab.database.RunningDatabase;
import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.catalog.ModelIds;
import dev.loomlab.lab.jdk.ServerJdks;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.os.Taskset;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.run.DatabaseStarter;
import dev.loomlab.lab.run.Preflight;
import dev.loomlab.lab.server.ServerProcess;
import dev.loomlab.lab.server.ServerSpec;
import dev.loomlab.lab.server.ServerStartException;
import dev.loomlab.lab.settings.Defaults;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.scenario.Scenarios;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "serve", mixinStandardHelpOptions = true, modelTransformer = PlanOptions.ServerFlags.class,
        description = "Start one model's server in the foreground on the embedded (or given) database and print its URL; Ctrl-C stops both.")
public final class ServeCommand implements Callable<Integer> {
    @Parameters(paramLabel = "MODEL", completionCandidates = ModelIds.class,
            description = "one of ${COMPLETION-CANDIDATES}")
    String model;

    @Option(names = "--port", description = "port on 127.0.0.1; 0 takes a free one; default 8080")
    int port = 8080;

    /** The server's database, pool and heap: the plan's own flags. */
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        Model chosen;
        try {
            chosen = Model.byId(model);
        } catch (IllegalArgumentException e) {
            throw new PlanException(e.getMessage());
        }
        Map<String, Object> overrides = new LinkedHashMap<>();
        overrides.put("models", chosen.id());
        overrides.putAll(PlanOptions.given(spec));
        Plan plan = PlanLoader.load(Defaults.PLAN, overrides);
        Preflight.checkPortFree(port);
        // By hand, nothing else competes for the CPUs: no pinning.
        CpuLayout cpus = CpuLayout.forCores(Taskset.machineCores(), false);
        System.out.println("loomlab: starting the " + (plan.externalDatabase() ? "external " : "embedded ") + plan.database() + " database");
        try (RunningDatabase db = DatabaseStarter.start(plan, cpus)) {
            Path log = Files.createTempFile("loomlab-serve-" + chosen.id() + "-", ".log");
            // The model's default JDK (legacy on 17, legacy-virtual on 21, the others the newest 21+).
            ServerSpec spec = new ServerSpec(chosen, ServerJdks.discover().forModel(chosen, null), plan.heap(), plan.poolSize(), db.endpoint(), cpus, port,
                    log, null, plan.serverStartTimeout(), List.of());
            ServerProcess server;
            try {
                server = ServerProcess.start(spec);
            } catch (ServerStartException e) {
                System.err.println("loomlab: " + e.getMessage());
                if (!e.logTail().isBlank()) {
                    System.err.println(e.logTail());
                }
                return Loomlab.FAILED;
            }
            CountDownLatch stopped = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                server.close();
                db.close();
                stopped.countDown();
            }, "loomlab-serve-stop"));
            System.out.println("loomlab: " + chosen + " ready at " + server.baseUrl() + " in " + server.start().time().toMillis()
                    + " ms (database " + db.description() + "; server log " + log + ")");
            System.out.println("try: curl '" + server.baseUrl() + Scenarios.THREAD_NAME.path() + "'   ·   "
                    + "loomlab verify " + server.baseUrl() + "   ·   Ctrl-C stops the server and the database");
            while (server.alive()) {
                Thread.sleep(500);
            }
            System.err.println("loomlab: the server exited:\n" + server.logTail(15));
            return Loomlab.FAILED;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
