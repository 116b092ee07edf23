package dev.loomlab.lab.result;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.server.JdbcDriver;
import dev.loomlab.scenario.Scenario;
import java.util.Optional;

/**
 * Which cell of a run: what served it, on which JDK and JDBC driver, which scenario, which round.
 * Rules, ceilings and reports read these fields; the label a person sees ({@code mvc-virtual-jdk21-mysql-8.1.0})
 * is derived from them for display and file names, and never parsed back.
 *
 * @param model      the model whose server the lab started, or empty when the cell measured a running target
 * @param jdk        the feature version of the JDK the server ran on (0 for a target: not known)
 * @param jdbcDriver the JDBC driver of the plan's driver axis, or empty for the server's bundled one
 */
public record Cell(Optional<Model> model, int jdk, Optional<JdbcDriver> jdbcDriver, Scenario scenario, int round) {
    /** The label of cells measured with {@code --target}. */
    public static final String TARGET = "target";

    public Cell {
        if (round < 1) {
            throw new IllegalArgumentException("round must be at least 1, got " + round);
        }
    }

    public static Cell of(Model model, int jdk, JdbcDriver jdbcDriver, Scenario scenario, int round) {
        return new Cell(Optional.of(model), jdk, Optional.ofNullable(jdbcDriver), scenario, round);
    }

    public static Cell target(Scenario scenario, int round) {
        return new Cell(Optional.empty(), 0, Optional.empty(), scenario, round);
    }

    public boolean target() {
        return model.isEmpty();
    }

    /**
     * The name rows, files and folders show: the model's id, then the JDK when the run has a JDK
     * axis, then the JDBC driver when it has a driver axis.
     */
    public String label(boolean jdkAxis) {
        return model.map(m -> m.id() + (jdkAxis ? "-jdk" + jdk : "") + jdbcDriver.map(d -> "-" + d.id()).orElse(""))
                .orElse(TARGET);
    }

    /** The file name stem of the cell's JSON and histogram log: {@code block-r1}. */
    public String stem() {
        return scenario.id() + "-r" + round;
    }

    /** The same cell in another round. */
    public Cell inRound(int other) {
        return new Cell(model, jdk, jdbcDriver, scenario, other);
    }
}
