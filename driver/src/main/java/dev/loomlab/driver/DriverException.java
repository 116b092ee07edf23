package dev.loomlab.driver;

/** A failure of the driver itself (not a result): exit code 1. */
final class DriverException extends RuntimeException {
    DriverException(String message) {
        super(message);
    }

    DriverException(String message, Throwable cause) {
        super(message, cause);
    }
}
