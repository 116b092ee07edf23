package dev.loomlab.lab.server;

import dev.loomlab.load.SecretHeaders;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A user's jar's arguments whose key names a credential ({@code --spring.datasource.password=…}) go to Boot in
 * {@code SPRING_APPLICATION_JSON}, in its environment, instead of its command line: every local user reads a command
 * line in {@code ps}, only the lab's user reads an environment. Boot reads a dotted key there as the property itself.
 */
final class SecretArguments {
    static final String ENV = "SPRING_APPLICATION_JSON";
    private static final Pattern BOOT_ARGUMENT = Pattern.compile("--([^=\\s]+)=(.*)", Pattern.DOTALL);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final List<String> commandLine;
    private final Optional<String> environment;

    private SecretArguments(List<String> commandLine, Optional<String> environment) {
        this.commandLine = commandLine;
        this.environment = environment;
    }

    /** The jar's arguments split: the credentials into {@link #ENV} (merged over one the plan's {@code appEnv} gives). */
    static SecretArguments of(List<String> args, Map<String, String> appEnv) {
        Map<String, String> secrets = new LinkedHashMap<>();
        List<String> rest = new ArrayList<>();
        for (String arg : args) {
            Matcher m = BOOT_ARGUMENT.matcher(arg);
            if (m.matches() && SecretHeaders.credential(m.group(1))) {
                secrets.put(m.group(1), m.group(2));
            } else {
                rest.add(arg);
            }
        }
        if (secrets.isEmpty()) {
            return new SecretArguments(args, Optional.empty());
        }
        ObjectNode json;
        try {
            String given = appEnv.get(ENV);
            json = given == null ? JSON.createObjectNode() : JSON.readTree(given) instanceof ObjectNode o ? o : null;
        } catch (JacksonException e) {
            json = null;
        }
        if (json == null) {
            // The plan's own SPRING_APPLICATION_JSON is not an object Boot could merge with: the arguments stay as given.
            return new SecretArguments(args, Optional.empty());
        }
        // On the command line they would have won over SPRING_APPLICATION_JSON: here too.
        secrets.forEach(json::put);
        return new SecretArguments(rest, Optional.of(JSON.writeValueAsString(json)));
    }

    /** The arguments that stay on the command line. */
    List<String> commandLine() {
        return commandLine;
    }

    /** {@link #ENV}'s value with the credentials, when any argument was one. */
    Optional<String> environment() {
        return environment;
    }
}
