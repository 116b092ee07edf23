package dev.loomlab.lab.os;

import dev.loomlab.database.DatabaseEndpoint;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks the secrets a recorded command line may hold, as {@code ****}: the value of
 * {@code --db-password} (as the next argument or after {@code =}) and a password inside a URL
 * ({@code user:secret@}, {@code ?password=secret}).
 */
public final class SecretMask {
    public static final String MASK = "****";
    private static final String PASSWORD_FLAG = "--db-password";
    // A command line already joined into one string: the flag's value runs to the next space.
    private static final Pattern JOINED_FLAG = Pattern.compile("(" + PASSWORD_FLAG + "[= ])\\S+");

    private SecretMask() {
    }

    /** The arguments joined by spaces, each secret masked; works on the list, so a password with spaces is masked whole. */
    public static String commandLine(List<String> args) {
        List<String> masked = new ArrayList<>(args.size());
        boolean valueNext = false;
        for (String arg : args) {
            if (valueNext) {
                masked.add(MASK);
            } else if (arg.startsWith(PASSWORD_FLAG + "=")) {
                masked.add(PASSWORD_FLAG + "=" + MASK);
            } else {
                masked.add(DatabaseEndpoint.maskUrl(arg));
            }
            valueNext = !valueNext && arg.equals(PASSWORD_FLAG);
        }
        return String.join(" ", masked);
    }

    /** A command line recorded as one string (by this build or an older one), masked argument by argument. */
    public static String commandLine(String joined) {
        if (joined == null) {
            return null;
        }
        String flagMasked = JOINED_FLAG.matcher(joined).replaceAll("$1" + Matcher.quoteReplacement(MASK));
        return commandLine(List.of(flagMasked.split(" ", -1)));
    }
}
