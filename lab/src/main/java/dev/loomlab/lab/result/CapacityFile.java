package dev.loomlab.lab.result;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;

/**
 * A {@code decide.json} as a run's report reads it: each model's capacity at an objective for one workload, which
 * {@code ./loomlab decide} measured in a folder of its own. A decide given a run folder as its {@code --out} leaves its
 * folder inside that run's, and the run's answer then says each model's capacity beside its throughput.
 *
 * @param folder   the decide's folder, relative to the run folder it lies in
 * @param scenario the workload searched
 * @param objective what a level had to meet
 * @param models   one per model searched, in the plan's order
 * @param highest  the model whose capacity stands more than one level above every other's, or null when none does
 * @param verdict  decide's own line on it
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CapacityFile(String folder, String scenario, Objective objective, List<Model> models, String highest, String verdict) {
    /** The file's name in a decide's folder. */
    public static final String NAME = "decide.json";

    public CapacityFile {
        models = models == null ? List.of() : List.copyOf(models);
    }

    /** @param text the objective as decide says it ({@code p99 ≤ 1s and errors under 0.1 %}) */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Objective(String text) {
    }

    /**
     * @param capacityVus the highest level that met the objective, or null when none did
     * @param stop        why the search stopped: {@code missed} (the capacity is this level), {@code last-level} (at
     *                    least this level), {@code failed} (at least this level, then a cell failed)
     * @param tps         what it served at that level, or null with {@code capacityVus}
     * @param p99Ms       its p99 there
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Model(String model, Integer capacityVus, String stop, Double tps, Double p99Ms) {
        /** {@code 200 VUs (199.8 TPS)}, {@code at least 600 VUs (…)} or {@code none}. */
        public String capacity() {
            if (capacityVus == null) {
                return "none";
            }
            String figures = tps == null ? "" : String.format(java.util.Locale.ROOT, " (%.1f TPS, p99 %.0f ms)", tps, p99Ms);
            return ("missed".equals(stop) ? "" : "at least ") + capacityVus + " VUs" + figures;
        }
    }

    /** The decides in the folders directly inside run folder {@code root}, newest folder last; none when it has none. */
    public static List<CapacityFile> inside(Path root) {
        if (root == null || !Files.isDirectory(root)) {
            return List.of();
        }
        List<CapacityFile> found = new ArrayList<>();
        try (Stream<Path> folders = Files.list(root)) {
            for (Path file : folders.filter(Files::isDirectory).sorted(Comparator.comparing(Path::getFileName))
                    .map(f -> f.resolve(NAME)).filter(Files::isRegularFile).toList()) {
                read(root, file).ifPresent(found::add);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.copyOf(found);
    }

    /** The newest decide of {@code scenario} among {@code files}. */
    public static Optional<CapacityFile> of(String scenario, List<CapacityFile> files) {
        return files.stream().filter(f -> scenario.equals(f.scenario())).reduce((older, newer) -> newer);
    }

    private static Optional<CapacityFile> read(Path root, Path file) {
        try {
            CapacityFile read = RunFolder.json().readValue(file.toFile(), CapacityFile.class);
            return Optional.of(new CapacityFile(root.relativize(file.getParent()).toString(), read.scenario(), read.objective(),
                    read.models(), read.highest(), read.verdict()));
        } catch (JacksonException e) {
            // a decide that was stopped while writing, or a foreign file of that name: the answer goes without it
            return Optional.empty();
        }
    }
}
