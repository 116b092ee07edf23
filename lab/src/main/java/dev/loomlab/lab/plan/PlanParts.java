package dev.loomlab.lab.plan;

import dev.loomlab.lab.settings.PlanException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The {@code parts:} of a plan: one plan's matrix has one VU level and one load shape, but a
 * seed's set-up may hold several (seed 002: 200 VUs, 500 VUs and a burst). Each part is the
 * plan's fields with its own on top, run as a sub-run of its own; its {@code seed:} claims are
 * the seed's ratios, put beside this run's in the combined summary.
 */
public final class PlanParts {
    private PlanParts() {
    }

    /**
     * One seed claim: {@code metric} of model {@code of} over model {@code over} on {@code scenario}.
     *
     * @param metric {@code tps} (successful responses per second) or {@code wallTime} (a burst's last answer)
     * @param seed   what the seed reported, as it wrote it (e.g. "151 %", "130 s vs 10 s")
     */
    public record SeedClaim(String claim, String scenario, String metric, String of, String over, String seed) {
    }

    public record Part(String name, Plan plan, List<SeedClaim> seed) {
        public Part {
            seed = List.copyOf(seed);
        }
    }

    record PartFields(String name, PlanDocument overrides, List<SeedClaim> seed) {
    }

    private static final Set<String> CLAIM_FIELDS = Set.of("claim", "scenario", "metric", "of", "over", "seed");

    static List<PartFields> fieldsOf(String source, JsonNode tree) {
        Object list = tree.isArray() ? PlanBinding.plain(tree) : null;
        if (!(list instanceof List<?> items) || items.isEmpty()) {
            throw new PlanException("plan " + source + ": parts must be a non-empty list of mappings, each with a 'part' name");
        }
        List<PartFields> parts = new ArrayList<>();
        for (Object item : items) {
            if (!(item instanceof Map<?, ?> map) || map.get("part") == null) {
                throw new PlanException("plan " + source + ": every part needs 'part: NAME' (got " + item + ")");
            }
            Map<String, Object> overrides = new LinkedHashMap<>();
            map.forEach((k, v) -> overrides.put(String.valueOf(k), v));
            String name = String.valueOf(overrides.remove("part"));
            if (!name.matches("[a-z0-9][a-z0-9-]*")) {
                throw new PlanException("plan " + source + ": part name '" + name + "' must be lower-case letters, digits and dashes");
            }
            if (parts.stream().anyMatch(p -> p.name().equals(name))) {
                throw new PlanException("plan " + source + ": part '" + name + "' is listed twice");
            }
            List<SeedClaim> claims = claims(source + " part " + name, overrides.remove("seed"));
            if (overrides.containsKey("parts") || overrides.containsKey("name")) {
                throw new PlanException("plan " + source + ": part '" + name + "' cannot set 'parts' or 'name'");
            }
            parts.add(new PartFields(name, PlanBinding.bind(source + " part " + name, overrides), claims));
        }
        return parts;
    }

    private static List<SeedClaim> claims(String source, Object raw) {
        if (raw == null) {
            return List.of();
        }
        if (!(raw instanceof List<?> items)) {
            throw new PlanException("plan " + source + ": seed must be a list of claims (" + String.join(", ", CLAIM_FIELDS) + ")");
        }
        List<SeedClaim> claims = new ArrayList<>();
        for (Object item : items) {
            if (!(item instanceof Map<?, ?> map) || !map.keySet().stream().map(String::valueOf).allMatch(CLAIM_FIELDS::contains)
                    || CLAIM_FIELDS.stream().anyMatch(k -> map.get(k) == null)) {
                throw new PlanException("plan " + source + ": every seed claim needs exactly " + String.join(", ", CLAIM_FIELDS));
            }
            String metric = String.valueOf(map.get("metric"));
            if (!metric.equals("tps") && !metric.equals("wallTime")) {
                throw new PlanException("plan " + source + ": a claim's metric is tps or wallTime, got '" + metric + "'");
            }
            claims.add(new SeedClaim(String.valueOf(map.get("claim")), String.valueOf(map.get("scenario")), metric,
                    String.valueOf(map.get("of")), String.valueOf(map.get("over")), String.valueOf(map.get("seed"))));
        }
        return claims;
    }
}
