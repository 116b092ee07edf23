package dev.loomlab.lab.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The files a driver started ahead of its server waits for: {@code connect} once the server is up, {@code start} when
 * its load may begin.
 */
record DriverGates(Path connect, Path start) {

    /** Beside the driver's log, like its request: {@code x.driver.log} → {@code x.driver-connect}. */
    static DriverGates beside(Path log) {
        return new DriverGates(HyperfoilEngine.besideLog(log, "-connect"), HyperfoilEngine.besideLog(log, "-start"));
    }

    void delete() {
        try {
            for (Path g : List.of(connect, start)) {
                Files.deleteIfExists(g);
            }
        } catch (IOException e) {
            throw new LoadException("cannot clear the driver's gate files: " + e.getMessage());
        }
    }
}
