package dev.loomlab.lab.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The order of the models within each round and scenario: {@code shuffled} (the default), from a seed the manifest
 * records, so that a model does not always follow the same neighbour (its start, its predecessor's end, the database's
 * state left behind) and a resumed run reruns the same order; or {@code fixed}, the plan's own order.
 */
public sealed interface CellOrder {
    /** The plan's order. */
    record Fixed() implements CellOrder {
        @Override
        public <T> List<T> arrange(List<T> models, int round, int scenario) {
            return List.copyOf(models);
        }

        @Override
        public String spelling() {
            return "fixed";
        }
    }

    /** Shuffled from {@code seed}: each round's and scenario's own permutation, the same for the same seed. */
    record Shuffled(long seed) implements CellOrder {
        @Override
        public <T> List<T> arrange(List<T> models, int round, int scenario) {
            List<T> out = new ArrayList<>(models);
            // one stream per (round, scenario), so that resuming, or a plan with another scenario list, leaves the others'
            // order as it was
            Collections.shuffle(out, new Random(seed ^ (round * 0x9E3779B97F4A7C15L) ^ (scenario * 0xC2B2AE3D27D4EB4FL)));
            return List.copyOf(out);
        }

        @Override
        public String spelling() {
            return "shuffled";
        }
    }

    CellOrder FIXED = new Fixed();

    /** {@code models} in the order they run in round {@code round} (1-based) of the plan's scenario number {@code scenario}. */
    <T> List<T> arrange(List<T> models, int round, int scenario);

    /** As a plan file writes it. */
    String spelling();
}
