package dev.loomlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.plan.PlanLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code loomlab plans}: every preset the lab ships, each with its cells; {@code --show} one preset's file. */
class PlansCommandTest {
    @Test
    void listsEveryPresetWithItsDescriptionAndCells() {
        List<String> lines = plans().lines().toList();

        assertThat(lines).hasSize(2 * PlanLoader.presets().size());
        for (String preset : PlanLoader.presets()) {
            assertThat(lines).as(preset).anySatisfy(line -> assertThat(line).startsWith(String.format("%-10s ", preset)));
        }
        assertThat(lines).filteredOn(line -> line.startsWith("           ")).allSatisfy(line -> assertThat(line).containsPattern("\\d+ cells: \\["));
    }

    @Test
    void showPrintsThePresetsFileAsWritten() {
        assertThat(plans("--show", "quick")).startsWith("#").contains("name: quick");
    }

    /** What {@code loomlab plans ARGS} prints, with the catalogue as it is when called. */
    static String plans(String... args) {
        PrintStream out = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            String[] all = new String[args.length + 1];
            all[0] = "plans";
            System.arraycopy(args, 0, all, 1, args.length);
            assertThat(Loomlab.commandLine().execute(all)).isZero();
        } finally {
            System.setOut(out);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
