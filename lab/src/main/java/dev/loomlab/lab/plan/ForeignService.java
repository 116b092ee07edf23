package dev.loomlab.lab.plan;

import dev.loomlab.lab.catalog.AppJar;
import dev.loomlab.lab.catalog.AppServer;
import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.catalog.ServerCatalog;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.load.HttpCall;
import dev.loomlab.load.TlsTrust;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The plan fields about a service of the user's own: its requests, how its https is trusted, its jar. */
final class ForeignService {
    private ForeignService() {
    }

    /** {@code insecure}, a PEM certificate file that exists, or (unset) the JDK's certificate authorities. */
    static TlsTrust trust(String given) {
        if (given == null || given.isBlank() || given.equals("authorities")) {
            return TlsTrust.AUTHORITIES;
        }
        if (given.equals("insecure")) {
            return TlsTrust.INSECURE;
        }
        Path pem = Path.of(given).toAbsolutePath().normalize();
        if (!Files.isRegularFile(pem)) {
            throw new PlanException("tls: expected insecure or a PEM certificate file, but " + given + " is not a file");
        }
        return new TlsTrust.Certificate(pem.toString());
    }

    /** Each request once by name: SLOs, reports and logs name them. */
    static List<HttpCall> requests(List<HttpCall> given) {
        if (given == null) {
            return List.of();
        }
        Set<String> names = new HashSet<>();
        for (HttpCall call : given) {
            if (!names.add(call.name())) {
                throw new PlanException("requests: '" + call.name() + "' is named twice (each request needs a name of its own)");
            }
        }
        return given;
    }

    /**
     * The models of a run of the user's jar, the jar now a server of the catalogue: both settings unless the plan
     * names one; a setting the jar cannot take is refused here, before anything starts.
     */
    static List<Model> appModels(AppJar app, List<String> given) {
        ServerCatalog.withApp(app);
        List<String> ids = given == null ? List.of(AppServer.PLATFORM, AppServer.VIRTUAL) : given;
        if (ids.isEmpty() || !List.of(AppServer.PLATFORM, AppServer.VIRTUAL).containsAll(ids)) {
            throw new PlanException("models: with app, your jar runs as " + AppServer.PLATFORM + " and " + AppServer.VIRTUAL
                    + " (or one of them), got " + ids);
        }
        List<Model> models = new ArrayList<>();
        for (String id : new LinkedHashSet<>(ids)) {
            AppServer.refusal(app, id).ifPresent(why -> {
                throw new PlanException(why);
            });
            models.add(Model.byId(id));
        }
        return models;
    }

    /** The user's jar with its arguments, environment and readiness path; empty without {@code app}. */
    static Optional<AppJar> app(PlanDocument f) {
        if (f.app() == null || f.app().isBlank()) {
            if (f.models() != null && f.models().stream().anyMatch(id -> id.equals(AppServer.PLATFORM) || id.equals(AppServer.VIRTUAL))) {
                throw new PlanException("models: " + AppServer.PLATFORM + " and " + AppServer.VIRTUAL + " run your jar: give it with --app JAR");
            }
            if (f.appArgs() != null || f.appEnv() != null || f.appReady() != null) {
                throw new PlanException("appArgs, appEnv and appReady go with app (the jar they are for)");
            }
            return Optional.empty();
        }
        if (f.requests() == null || f.requests().isEmpty()) {
            throw new PlanException("app: your jar needs the plan's requests (what to send it): add requests to a plan file");
        }
        Path jar = Path.of(f.app()).toAbsolutePath().normalize();
        if (!Files.isRegularFile(jar) || !jar.toString().endsWith(".jar")) {
            throw new PlanException("app: expected a Spring Boot .jar file, got " + f.app());
        }
        String ready = f.appReady();
        if (ready != null && !ready.startsWith("/")) {
            throw new PlanException("appReady: expected a path starting with /, got '" + ready + "'");
        }
        if (f.appEnv() != null) {
            f.appEnv().forEach((name, value) -> {
                // a name with '=' or a NUL in a value cannot be in an environment at all: the start crashed on it
                if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                    throw new PlanException("appEnv: " + PlanValues.quoted(name) + " is not an environment variable name"
                            + " (letters, digits and _, not starting with a digit)");
                }
                if (value == null || value.indexOf('\0') >= 0) {
                    throw new PlanException("appEnv: " + name + " needs a value without NUL characters");
                }
            });
        }
        return Optional.of(new AppJar(jar, f.appArgs() == null ? List.of() : f.appArgs(),
                f.appEnv() == null ? Map.of() : f.appEnv(), Optional.ofNullable(ready)));
    }
}
