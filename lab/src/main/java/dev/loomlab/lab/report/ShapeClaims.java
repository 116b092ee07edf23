package dev.loomlab.lab.report;

import dev.loomlab.lab.report.WorkloadAnswer.Claim;
import dev.loomlab.lab.report.WorkloadAnswer.Where;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.ShapeFigures;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * What each model did under a shaped load, for the answer: a spike's errors and the p99's way back, a soak's trends.
 * Said model by model, round by round, from the cells' own {@code shapeFigures}; none of it picks a model, because one
 * round of a spike or a slope is one draw whose spread this run did not measure.
 */
final class ShapeClaims {
    private ShapeClaims() {
    }

    /** Whether {@code models}' load changed inside the window (a spike, a ramp): their mean throughput is then no capacity. */
    static boolean stepped(List<ModelFigures> models) {
        return models.stream().flatMap(m -> m.cells().stream())
                .anyMatch(c -> c.shapeFigures() instanceof ShapeFigures.Spike || c.shapeFigures() instanceof ShapeFigures.Ramp);
    }

    /** The shapes that changed the load, as a plan spells them ({@code spike 3x for 10s at 20s}, {@code ramp from 50 over 20s}). */
    static String shapes(List<ModelFigures> models) {
        return String.join(", ", models.stream().flatMap(m -> m.cells().stream()).map(CellResult::shapeFigures).map(f -> switch (f) {
            case ShapeFigures.Spike s -> String.format(Locale.ROOT, "spike %sx for %.0fs at %.0fs", factor(s.factor()), s.lengthS(), s.atS());
            case ShapeFigures.Ramp r -> String.format(Locale.ROOT, "ramp from %d over %.0fs", r.fromVus(), r.overS());
            case null, default -> "";
        }).filter(t -> !t.isEmpty()).distinct().toList());
    }

    static void add(List<Claim> claims, List<ModelFigures> models) {
        spikes(models).ifPresent(claims::add);
        ramps(models).ifPresent(claims::add);
        soaks(models).ifPresent(claims::add);
    }

    private static Optional<Claim> spikes(List<ModelFigures> models) {
        return eachModel(models, ShapeFigures.Spike.class, s -> String.format(Locale.ROOT, "Spike %sx for %.0f s at %.0f s",
                factor(s.factor()), s.lengthS(), s.atS()), ShapeClaims::spike);
    }

    /** {@code 0 errors of 6,012, p99 98 ms before, up to 2,951 ms, back in 4 s}. */
    private static String spike(ShapeFigures.Spike s) {
        String back = s.recoveryS() == null ? String.format(Locale.ROOT, "not back within the %.0f s left", s.windowLeftS())
                : String.format(Locale.ROOT, "back in %.0f s", s.recoveryS());
        return String.format(Locale.ROOT, "%,d errors of %,d requests during it, p99 %.0f ms before, up to %.0f ms, %s", s.errorsDuring(),
                s.requestsDuring(), s.baselineP99Ms(), s.peakP99Ms(), back);
    }

    private static Optional<Claim> ramps(List<ModelFigures> models) {
        return eachModel(models, ShapeFigures.Ramp.class, r -> String.format(Locale.ROOT, "Ramp from %d to %d VUs over %.0f s",
                r.fromVus(), r.toVus(), r.overS()), ShapeLine::rampFigures);
    }

    /** One clause a model, its rounds' figures of {@code kind} joined, under the heading of the first: {@code Spike 3x …: a …; b …}. */
    private static <T extends ShapeFigures> Optional<Claim> eachModel(List<ModelFigures> models, Class<T> kind, Function<T, String> heading,
                                                                      Function<T, String> round) {
        List<T> all = models.stream().flatMap(m -> shaped(m, kind).stream()).toList();
        if (all.isEmpty()) {
            return Optional.empty();
        }
        List<String> each = models.stream().filter(m -> !shaped(m, kind).isEmpty())
                .map(m -> m.model() + " " + String.join(", then ", shaped(m, kind).stream().map(round).toList())).toList();
        return Optional.of(new Claim(heading.apply(all.getFirst()) + ": " + String.join("; ", each) + ".", Where.SHAPES));
    }

    private static <T extends ShapeFigures> List<T> shaped(ModelFigures m, Class<T> kind) {
        return m.cells().stream().map(CellResult::shapeFigures).filter(kind::isInstance).map(kind::cast).toList();
    }

    private static Optional<Claim> soaks(List<ModelFigures> models) {
        List<String> each = new ArrayList<>();
        for (ModelFigures m : models) {
            for (CellResult c : m.cells()) {
                if (c.shapeFigures() instanceof ShapeFigures.Soak s) {
                    each.add(m.model() + (m.rounds() > 1 ? " round " + c.round() : "") + ": " + ShapeLine.slope("RSS", "MB", s.rssMb())
                            + ", " + ShapeLine.slope("p99", "ms", s.p99Ms()));
                }
            }
        }
        return each.isEmpty() ? Optional.empty()
                : Optional.of(new Claim("Soak, slopes over the window's second half (a finding names growth whose interval lies above "
                        + "zero): " + String.join("; ", each) + ".", Where.SHAPES));
    }

    private static String factor(double f) {
        return f == Math.rint(f) ? String.valueOf((long) f) : String.valueOf(f);
    }
}
