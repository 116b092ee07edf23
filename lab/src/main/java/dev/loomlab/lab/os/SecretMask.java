package dev.loomlab.lab.os;

import dev.loomlab.database.DatabaseEndpoint;
import dev.loomlab.load.SecretHeaders;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks the secrets a recorded command line may hold, as {@code ****}: the value of
 * {@code --db-password} (as the next argument or after {@code =}), a password inside a URL
 * ({@code user:secret@}, {@code ?password=secret}), and the value of a jar's argument whose key
 * names a credential ({@code --spring.datasource.password=secret}, also inside {@code --app-args}).
 */
public final class SecretMask {
    public static final String MASK = "****";
    private static final String PASSWORD_FLAG = "--db-password";
    // A command line already joined into one string: the flag's value runs to the next space.
    private static final Pattern JOINED_FLAG = Pattern.compile("(" + PASSWORD_FLAG + "[= ])\\S+");
    private static final String APP_ARGS_FLAG = "--app-args";
    /** {@code --key=value}, {@code -Dkey=value} or {@code key=value}: a Boot argument, a system property, a setting. */
    private static final Pattern KEY_VALUE = Pattern.compile("(-D|--)?([^=\\s]+)=(.*)", Pattern.DOTALL);

    private SecretMask() {
    }

    /** The arguments joined by spaces, each secret masked; works on the list, so a password with spaces is masked whole. */
    public static String commandLine(List<String> args) {
        List<String> masked = new ArrayList<>(args.size());
        boolean valueNext = false;
        boolean appArgsNext = false;
        for (String arg : args) {
            if (valueNext) {
                masked.add(MASK);
            } else if (arg.startsWith(PASSWORD_FLAG + "=")) {
                masked.add(PASSWORD_FLAG + "=" + MASK);
            } else if (appArgsNext) {
                masked.add(appArguments(arg));
            } else if (arg.startsWith(APP_ARGS_FLAG + "=")) {
                masked.add(APP_ARGS_FLAG + "=" + appArguments(arg.substring(APP_ARGS_FLAG.length() + 1)));
            } else {
                masked.add(argument(DatabaseEndpoint.maskUrl(arg)));
            }
            appArgsNext = !valueNext && arg.equals(APP_ARGS_FLAG);
            valueNext = !valueNext && arg.equals(PASSWORD_FLAG);
        }
        return String.join(" ", masked);
    }

    /** One argument of a jar (or a property): its value masked when its key names a credential, its URL's password masked. */
    public static String argument(String arg) {
        Matcher m = KEY_VALUE.matcher(arg);
        if (m.matches() && SecretHeaders.credential(m.group(2))) {
            return arg.substring(0, m.start(3)) + MASK;
        }
        return DatabaseEndpoint.maskUrl(arg);
    }

    /** {@code --app-args}' value: arguments separated by commas, each masked on its own. */
    private static String appArguments(String commaSeparated) {
        return Arrays.stream(commaSeparated.split(",", -1)).map(SecretMask::argument).collect(Collectors.joining(","));
    }

    /** A jar's environment as it may be written down: every name, no value (any of them may be a key). */
    public static Map<String, String> environment(Map<String, String> env) {
        Map<String, String> masked = new LinkedHashMap<>();
        env.keySet().forEach(name -> masked.put(name, MASK));
        return masked;
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
