package dev.loomlab.scenario;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;
import java.util.Optional;

/**
 * libc {@code usleep} called through the FFM API, for the {@code native-pinned} scenario: a
 * virtual thread inside a native frame cannot unmount, on any JDK (JEP 491 freed only
 * {@code synchronized}). The FFM API is final from JDK 22 and the project compiles for release 21,
 * so it is reached reflectively; on JDK 21 {@link #unavailable()} says why there is no handle,
 * and the endpoint answers 501 with that line instead of failing.
 */
public final class NativeSleep {
    /** FFM (JEP 454) is final from this feature release. */
    public static final int MIN_JDK = 22;
    /** usleep's argument is at most a second on POSIX; longer sleeps are made of chunks. */
    private static final int CHUNK_US = 500_000;

    private static final MethodHandle USLEEP;
    private static final String UNAVAILABLE;

    static {
        MethodHandle handle = null;
        String why = null;
        int feature = Runtime.version().feature();
        if (feature < MIN_JDK) {
            why = "native-pinned needs the FFM API, final from JDK " + MIN_JDK + "; this server runs JDK "
                    + System.getProperty("java.version");
        } else {
            try {
                handle = usleepHandle();
            } catch (ReflectiveOperationException | RuntimeException e) {
                why = "cannot link libc usleep through FFM: " + e;
            }
        }
        USLEEP = handle;
        UNAVAILABLE = why;
    }

    private NativeSleep() {
    }

    /** Why this JVM cannot sleep natively, or empty when it can. */
    public static Optional<String> unavailable() {
        return Optional.ofNullable(UNAVAILABLE);
    }

    /** Sleeps {@code ms} inside libc, holding the carrier (or the platform thread) all along. */
    public static void sleep(long ms) {
        if (USLEEP == null) {
            throw new UnsupportedOperationException(UNAVAILABLE);
        }
        long remainingUs = ms * 1000;
        try {
            while (remainingUs > 0) {
                int chunk = (int) Math.min(remainingUs, CHUNK_US);
                int rc = (int) USLEEP.invokeExact(chunk);
                if (rc != 0) {
                    throw new IllegalStateException("usleep(" + chunk + ") returned " + rc);
                }
                remainingUs -= chunk;
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("usleep failed", t);
        }
    }

    // Linker.nativeLinker().downcallHandle(defaultLookup().find("usleep"), FunctionDescriptor.of(JAVA_INT, JAVA_INT))
    private static MethodHandle usleepHandle() throws ReflectiveOperationException {
        Class<?> linkerType = Class.forName("java.lang.foreign.Linker");
        Class<?> lookupType = Class.forName("java.lang.foreign.SymbolLookup");
        Class<?> layoutType = Class.forName("java.lang.foreign.MemoryLayout");
        Class<?> descriptorType = Class.forName("java.lang.foreign.FunctionDescriptor");
        Class<?> segmentType = Class.forName("java.lang.foreign.MemorySegment");
        Class<?> optionType = Class.forName("java.lang.foreign.Linker$Option");
        Object linker = linkerType.getMethod("nativeLinker").invoke(null);
        Object libc = linkerType.getMethod("defaultLookup").invoke(linker);
        Optional<?> symbol = (Optional<?>) lookupType.getMethod("find", String.class).invoke(libc, "usleep");
        if (symbol.isEmpty()) {
            throw new IllegalStateException("libc has no usleep");
        }
        Object javaInt = Class.forName("java.lang.foreign.ValueLayout").getField("JAVA_INT").get(null);
        Object args = Array.newInstance(layoutType, 1);
        Array.set(args, 0, javaInt);
        Object descriptor = descriptorType.getMethod("of", layoutType, args.getClass()).invoke(null, javaInt, args);
        return (MethodHandle) linkerType.getMethod("downcallHandle", segmentType, descriptorType, optionType.arrayType())
                .invoke(linker, symbol.get(), descriptor, Array.newInstance(optionType, 0));
    }
}
