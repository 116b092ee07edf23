package dev.loomlab.scenario;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The {@code cpu} scenario's work, one implementation for every model so that a unit costs the
 * same CPU everywhere: chained SHA-256 digests of 64 bytes. Chained, so the JIT cannot skip any.
 */
public final class CpuWork {
    /** Digests per work unit: on this machine kind one unit is roughly a quarter of a millisecond. */
    public static final int ROUNDS_PER_UNIT = 1000;

    private CpuWork() {
    }

    /** Does {@code units} of work; returns the first 8 bytes of the last digest, hex. */
    public static String run(long units) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        byte[] block = new byte[64];
        for (long i = 0; i < units * ROUNDS_PER_UNIT; i++) {
            sha.update(block, 0, 64);
            byte[] d = sha.digest();
            System.arraycopy(d, 0, block, 0, d.length);
        }
        return HexFormat.of().formatHex(block, 0, 8);
    }
}
