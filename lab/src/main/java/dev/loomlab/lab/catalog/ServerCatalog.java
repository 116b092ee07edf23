package dev.loomlab.lab.catalog;

import dev.loomlab.scenario.ThreadKind;
import dev.loomlab.scenario.ThreadNames;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The servers the lab can run, each read from its module's {@value #DESCRIPTOR}: the checkout's
 * {@code servers/*}, then every folder listed in the system property {@value #EXTRA} (a path list),
 * which is how a test adds a server without a module. Nothing else in the lab names a server or a model.
 */
public final class ServerCatalog {
    public static final String DESCRIPTOR = "loomlab-server.yaml";
    /** Folders of more descriptors (separated like a class path), looked at after the checkout's. */
    public static final String EXTRA = "loomlab.catalog.extra";

    private static final YAMLMapper YAML = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private static volatile ServerCatalog current;

    private final Map<String, ServerDescriptor> servers;
    private final Map<String, Model> models;
    private final Optional<AppJar> app;

    private ServerCatalog(List<ServerDescriptor> descriptors) {
        this(descriptors, Optional.empty());
    }

    private ServerCatalog(List<ServerDescriptor> descriptors, Optional<AppJar> app) {
        this.app = app;
        Map<String, ServerDescriptor> byServer = new LinkedHashMap<>();
        Map<String, Model> byModel = new LinkedHashMap<>();
        for (ServerDescriptor d : descriptors.stream().sorted(Comparator.comparingInt(ServerDescriptor::order)).toList()) {
            if (byServer.putIfAbsent(d.server(), d) != null) {
                throw new CatalogException("server '" + d.server() + "' is described twice");
            }
            for (ServerDescriptor.ModelDescriptor m : d.models()) {
                if (byModel.putIfAbsent(m.id(), new Model(d, m)) != null) {
                    throw new CatalogException("model '" + m.id() + "' is served by two descriptors (the second: " + d.server() + ")");
                }
            }
        }
        this.servers = byServer;
        this.models = byModel;
    }

    /** The catalogue of this checkout (and of {@value #EXTRA}), read once. */
    public static ServerCatalog current() {
        ServerCatalog c = current;
        if (c == null) {
            synchronized (ServerCatalog.class) {
                c = current;
                if (c == null) {
                    List<Path> files = descriptorFiles();
                    if (files.isEmpty()) {
                        // Without a checkout there is nothing to run: say where the lab looked.
                        throw new CatalogException("no server descriptors (" + DESCRIPTOR + ") under "
                                + LabHome.root().resolve("servers") + ": run loomlab from its checkout or set LOOMLAB_HOME");
                    }
                    c = current = read(files);
                }
            }
        }
        return c;
    }

    /**
     * The catalogue with a user's jar as the server {@link AppServer#SERVER} (replacing one given before): its
     * models are then run, listed and read back like any other.
     */
    public static synchronized ServerCatalog withApp(AppJar jar) {
        List<ServerDescriptor> others = current().servers().stream().filter(d -> !d.server().equals(AppServer.SERVER)).toList();
        List<ServerDescriptor> all = new ArrayList<>(others);
        all.add(AppServer.descriptor(jar));
        current = new ServerCatalog(all, Optional.of(jar));
        return current;
    }

    /** The user's jar this catalogue runs, if any. */
    public Optional<AppJar> app() {
        return app;
    }

    /** Reads the descriptors again, e.g. after a test changed {@value #EXTRA}. */
    public static synchronized void reload() {
        current = null;
    }

    /** A catalogue of exactly these descriptor files, in this order. */
    public static ServerCatalog read(List<Path> files) {
        List<ServerDescriptor> descriptors = new ArrayList<>();
        for (Path file : files) {
            descriptors.add(parse(file));
        }
        return new ServerCatalog(descriptors);
    }

    static ServerDescriptor parse(Path file) {
        try {
            return YAML.readValue(Files.readString(file), ServerDescriptor.class);
        } catch (JacksonException e) {
            Throwable cause = e.getCause() instanceof IllegalArgumentException || e.getCause() instanceof NullPointerException
                    ? e.getCause() : e;
            String message = cause == e ? e.getOriginalMessage() : cause.getMessage();
            String field = e.getPath().stream().map(r -> r.getPropertyName() != null ? r.getPropertyName() : "[" + r.getIndex() + "]")
                    .collect(Collectors.joining(".")).replace(".[", "[");
            throw new CatalogException(file + ": " + (field.isEmpty() || cause != e ? "" : field + ": ")
                    + (message == null ? e.getMessage() : message).lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Path> descriptorFiles() {
        List<Path> folders = new ArrayList<>();
        Path servers = LabHome.root().resolve("servers");
        folders.addAll(children(servers));
        String extra = System.getProperty(EXTRA, "");
        for (String dir : extra.split(File.pathSeparator)) {
            if (!dir.isBlank()) {
                Path p = Path.of(dir);
                folders.add(p);
                folders.addAll(children(p));
            }
        }
        return folders.stream().map(f -> f.resolve(DESCRIPTOR)).filter(Files::isRegularFile).distinct().toList();
    }

    private static List<Path> children(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every model: servers by their {@code order}, each one's models as listed. */
    public List<Model> models() {
        return List.copyOf(models.values());
    }

    public Optional<Model> model(String id) {
        return Optional.ofNullable(models.get(id));
    }

    public List<ServerDescriptor> servers() {
        return List.copyOf(servers.values());
    }

    public Optional<ServerDescriptor> server(String name) {
        return Optional.ofNullable(servers.get(name));
    }

    /**
     * The kind of thread {@code thread} ({@code Thread.toString()}) is, by the first server whose thread names tell it:
     * {@code verify} checks a server it knows only by its URL.
     */
    public ThreadKind threadKind(String thread) {
        return servers.values().stream().map(d -> ThreadKind.of(thread, d.threadNames().orElse(ThreadNames.NONE)))
                .filter(kind -> kind != ThreadKind.OTHER).findFirst().orElse(ThreadKind.of(thread, ThreadNames.NONE));
    }

    /** A descriptor that cannot be read or that contradicts another: one line naming the file and the field. */
    public static final class CatalogException extends RuntimeException {
        public CatalogException(String message) {
            super(message);
        }
    }
}
