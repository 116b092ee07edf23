package dev.loomlab.lab.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;

/**
 * A Spring Boot 2.7 fat jar unpacked onto a plain class path, as Boot 3.3's tools jar mode does for the newer
 * servers (2.7 has no such mode): its libraries copied into {@code lib/}, and its own classes into a jar named as
 * the fat jar whose manifest starts the application's main class with those libraries on its class path, in the
 * fat jar's own order. Written here because Boot 2.7 offers only layer extraction, which still needs Boot's loader.
 * The classes go into a jar rather than a folder: the JDK's class-data sharing archives classes from jars only. Their
 * folders go in as entries too, which Spring's class path scanning looks a package up by.
 */
final class ExplodedBootJar {
    static final String CLASSES = "BOOT-INF/classes/";
    private static final String LIB = "BOOT-INF/lib/";
    private static final String INDEX = "BOOT-INF/classpath.idx";

    private ExplodedBootJar() {
    }

    /** Unpacks {@code fatJar} into the empty folder {@code into}; false when it is not a Boot fat jar (no Start-Class). */
    static boolean unpack(Path fatJar, Path into) throws IOException {
        try (JarFile fat = new JarFile(fatJar.toFile())) {
            Manifest fatManifest = fat.getManifest();
            String startClass = fatManifest == null ? null : fatManifest.getMainAttributes().getValue("Start-Class");
            if (startClass == null) {
                return false;
            }
            Path lib = Files.createDirectories(into.resolve("lib"));
            List<String> classPath = new ArrayList<>();
            for (String entry : libraries(fat)) {
                String name = entry.substring(LIB.length());
                try (InputStream in = fat.getInputStream(fat.getEntry(entry))) {
                    Files.copy(in, lib.resolve(name));
                }
                classPath.add("lib/" + name);
            }
            Manifest manifest = new Manifest();
            Attributes main = manifest.getMainAttributes();
            main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
            main.put(Attributes.Name.MAIN_CLASS, startClass);
            main.put(Attributes.Name.CLASS_PATH, String.join(" ", classPath));
            try (OutputStream file = Files.newOutputStream(into.resolve(fatJar.getFileName()));
                 JarOutputStream out = new JarOutputStream(file, manifest)) {
                for (JarEntry entry : Collections.list(fat.entries())) {
                    String name = entry.getName();
                    if (!name.startsWith(CLASSES) || name.equals(CLASSES)) {
                        continue;
                    }
                    out.putNextEntry(new ZipEntry(name.substring(CLASSES.length())));
                    if (!entry.isDirectory()) {
                        try (InputStream in = fat.getInputStream(entry)) {
                            in.transferTo(out);
                        }
                    }
                    out.closeEntry();
                }
            }
            return true;
        }
    }

    /** The libraries in the order the fat jar's index gives (Boot's loader's order), else in the jar's own. */
    private static List<String> libraries(JarFile fat) throws IOException {
        ZipEntry index = fat.getEntry(INDEX);
        if (index != null) {
            try (InputStream in = fat.getInputStream(index)) {
                // lines of the form: - "BOOT-INF/lib/spring-boot-2.7.18.jar"
                return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                        .filter(l -> l.startsWith("- \"") && l.endsWith("\"")).map(l -> l.substring(3, l.length() - 1))
                        .filter(e -> fat.getEntry(e) != null).toList();
            }
        }
        return Collections.list(fat.entries()).stream().map(ZipEntry::getName)
                .filter(n -> n.startsWith(LIB) && n.endsWith(".jar") && n.indexOf('/', LIB.length()) < 0).toList();
    }
}
