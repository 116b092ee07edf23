package dev.loomlab.lab.catalog;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A user's Spring Boot jar the lab runs as a server of its own, with the arguments and environment the user gives it.
 *
 * @param readyPath the path that answers 200 once the application serves; empty = Actuator's health, else the root
 */
public record AppJar(Path jar, List<String> args, Map<String, String> env, Optional<String> readyPath) {
    public AppJar {
        args = List.copyOf(args);
        env = Map.copyOf(env);
    }
}
