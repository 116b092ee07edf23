package dev.loomlab.lab.jdk;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A JDK that can run a server or the driver. The launcher ({@code ./loomlab}) has already
 * found a JDK 21+ for the lab itself; servers and the driver run on that same JDK unless a
 * plan says otherwise, and every result records which one it was.
 */
public record Jdk(Path home, String version, String vendor) {

    public static Jdk current() {
        return new Jdk(Path.of(System.getProperty("java.home")), System.getProperty("java.version"),
                System.getProperty("java.vendor"));
    }

    public Path java() {
        return home.resolve("bin").resolve("java");
    }

    public int feature() {
        return Runtime.Version.parse(version).feature();
    }

    public boolean hasVirtualThreads() {
        return feature() >= 21;
    }

    public boolean usable() {
        return Files.isExecutable(java());
    }

    public String describe() {
        return version + " (" + vendor + ") at " + home;
    }
}
