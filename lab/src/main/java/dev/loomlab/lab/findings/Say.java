package dev.loomlab.lab.findings;

import java.util.Locale;

/** How findings spell numbers: Locale.ROOT, thousands with a comma, so every run reads the same. */
final class Say {
    private Say() {
    }

    static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    /** {@code 2,850} */
    static String count(double n) {
        return f("%,d", Math.round(n));
    }

    /** {@code 199.6 TPS} */
    static String tps(double tps) {
        return f("%.1f TPS", tps);
    }

    /** A share as a whole percentage: {@code 98 %}. */
    static String percent(double share) {
        return f("%.0f %%", 100 * share);
    }

    /** Seconds with two decimals: {@code 1.00 s}. */
    static String seconds(double s) {
        return f("%.2f s", s);
    }

    /** {@code its core}, {@code its 2 cores} */
    static String itsCores(int cores) {
        return cores == 1 ? "its core" : "its " + cores + " cores";
    }

    /** {@code 1 core}, {@code 2 cores} */
    static String cores(int cores) {
        return cores + (cores == 1 ? " core" : " cores");
    }
}
