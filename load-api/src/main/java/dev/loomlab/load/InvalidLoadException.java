package dev.loomlab.load;

/**
 * A value of the load vocabulary that cannot be: one line naming the field and what is allowed.
 * The lab turns it into its exit-2 refusal, the driver into its usage error.
 */
public final class InvalidLoadException extends IllegalArgumentException {
    public InvalidLoadException(String message) {
        super(message);
    }
}
