package dev.loomlab.driver;

import dev.loomlab.load.DriverResult;
import dev.loomlab.load.SteadyState;
import java.util.Optional;

/**
 * Ends a steady run's warm-up and so places its window: at the planned time for a fixed warm-up; for a settling one,
 * on the first whole second, from its floor on and (a closed load) once as many requests have completed as there are
 * users, at which the 2xx completions of the seconds before it have settled ({@link SteadyState#settled}) and, when
 * the lab named the server's process, its JIT compiler has gone quiet ({@link SteadyState.Compiler#quiet}), or at
 * {@code warmupMax} if they never do. Decided once, on the statistics ticker,
 * and told to the {@link Completions} (whose window the cycles are counted in) and so to the progress lines.
 */
final class WarmupWatch {
    private final DriverSpec spec;
    private final Completions completions;
    private volatile String ended;
    private volatile Optional<CompilerWatch> compiler = Optional.empty();
    private volatile Optional<CompilerPriority> priority = Optional.empty();
    private volatile Optional<SteadyState.Compiler> compilerAtEnd = Optional.empty();

    WarmupWatch(DriverSpec spec, Completions completions) {
        this.spec = spec;
        this.completions = completions;
        if (!spec.settles() && !spec.isBurst()) {
            completions.window(spec.firstMeasuredInterval(), spec.endMeasuredInterval());
            ended = DriverResult.Settling.FIXED;
        }
    }

    /**
     * Before the phase starts: the server whose compiler must also go quiet (a settling warm-up only), and whose
     * compiler threads go ahead of its request threads until the window ({@link CompilerPriority}).
     */
    void watchCompilerOf(long serverPid) {
        watchCompiler(CompilerWatch.of(serverPid), CompilerPriority.of(serverPid));
    }

    void watchCompiler(CompilerWatch watch, CompilerPriority ahead) {
        if (ended == null) {
            compiler = Optional.of(watch);
            priority = Optional.of(ahead);
        }
    }

    /** Called about once a second, {@code elapsedMs} into the phase: decides the window's start once the load has settled. */
    void onTick(long elapsedMs) {
        if (ended != null) {
            return;
        }
        compiler.ifPresent(CompilerWatch::sample);
        priority.ifPresent(CompilerPriority::raise);
        // the tick runs a few ms after a whole second: the seconds before it are complete
        int done = (int) ((elapsedMs + 500) / 1000);
        // the window begins at this second at the earliest: what started before it is never the window's
        completions.forgetLatenciesBefore(done);
        if (done * 1000L < spec.warmupMs()) {
            return;
        }
        // A closed load's queue reaches its steady state only once every user has been answered once: before that the
        // completions can be flat (200 threads answering 200 a second) while each answer waited longer than the last.
        if (spec.closed() && completions.total() < spec.vus() && done * 1000L < spec.warmupMaxMs()) {
            return;
        }
        double[] ok = new double[done];
        for (int s = 0; s < done; s++) {
            ok[s] = completions.ok(s);
        }
        boolean compilerQuiet = compiler.map(CompilerWatch::quiet).orElse(true);
        if (SteadyState.settled(ok, done) && compilerQuiet) {
            begin(done, DriverResult.Settling.SETTLED);
        } else if (done * 1000L >= spec.warmupMaxMs()) {
            begin(done, DriverResult.Settling.CAP);
        }
    }

    private void begin(int second, String how) {
        completions.window(second, second + (int) (spec.durationMs() / 1000));
        compilerAtEnd = compiler.flatMap(CompilerWatch::shares);
        priority.ifPresent(CompilerPriority::restore);
        ended = how;
    }

    /** The server's compiler over the warm-up's last seconds; empty when not watched or unknown. */
    Optional<SteadyState.Compiler> compiler() {
        return compilerAtEnd;
    }

    /** How the warm-up ended; null while it runs (and for a burst, which has none). */
    String ended() {
        return ended;
    }

    /** When the load stops starting requests, in ms from the phase start: the window's end once placed, else the latest it can be. */
    long loadEndMs() {
        int to = completions.windowTo();
        // a fixed warm-up's load runs its planned time to the millisecond, as it always has
        return to < 0 || DriverResult.Settling.FIXED.equals(ended) ? spec.phaseMs() : to * 1000L;
    }
}
