package dev.loomlab.server.testkit;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import reactor.blockhound.BlockHound;
import reactor.blockhound.BlockingOperationError;

/**
 * BlockHound, installed once per test JVM before any server starts. It instruments the JDK's
 * blocking methods (sleep, park, socket and file I/O, ...) and reports every call made on a
 * non-blocking thread: Reactor's {@code NonBlocking} threads — Reactor Netty's event loops
 * ({@code reactor-http-*} for the server, {@code reactor-tcp-*} for the R2DBC drivers) and the
 * parallel scheduler behind {@code Mono.delay} — plus what Netty's own integration adds. Each call
 * is recorded (tests assert there were none) and then fails, as BlockHound's default does.
 * Needs {@code -XX:+AllowRedefinitionToAddDeleteMethods} (each server's surefire argLine); runs on JDK 25.
 * Shared by the webflux and coroutines servers: the same event loops, drivers and allowances.
 */
public final class BlockHoundSupport {
    /** Threads of {@link EventLoopBlockHoundTest}'s own loop, whose blocking calls are deliberate. */
    public static final String PROBE_THREAD_PREFIX = "blockhound-probe";

    public record Violation(String method, String thread) {
    }

    private static final List<Violation> VIOLATIONS = new CopyOnWriteArrayList<>();
    private static boolean installed;

    private BlockHoundSupport() {
    }

    public static synchronized void install() {
        if (installed) {
            return;
        }
        // Two calls the drivers make while opening a connection (at start-up, when the pool is
        // filled), never per request; both allowed narrowly, in the method that makes them.
        // PostgreSQL SCRAM authentication draws its client nonce from SecureRandom, which reads
        // /dev/urandom (it never blocks on Linux once the kernel's pool is initialised) ...
        BlockHound.install(builder -> builder
                        .allowBlockingCallsInside("com.ongres.scram.common.ScramFunctions", "nonce")
                // ... and r2dbc-mariadb reads its version properties from its jar, once per JVM,
                // in a class initialiser reached from the first handshake.
                        .allowBlockingCallsInside("org.mariadb.r2dbc.util.VersionFactory", "getInstance")
                // ... and Netty 4.2's own buffer allocator briefly write-locks (StampedLock) when two
                // threads grow its magazines at once: allocator-internal, rare, bounded, not the app.
                        .allowBlockingCallsInside("io.netty.buffer.AdaptivePoolingAllocator$MagazineGroup", "tryExpandMagazines")
                // ... and kotlinx-coroutines-reactive's ReactiveFlow loads its context injectors with a ServiceLoader
                // (reading META-INF/services from the jars) in its class initialiser, once per JVM, on whichever thread
                // first awaits a publisher: on a slow machine (half a core per core) that was an event loop, the
                // initialiser failed, and every later request got a NoClassDefFoundError.
                        .allowBlockingCallsInside("kotlinx.coroutines.reactive.ReactiveFlowKt", "<clinit>")
                        .blockingMethodCallback(method -> {
                            VIOLATIONS.add(new Violation(method.toString(), Thread.currentThread().getName()));
                            throw new BlockingOperationError(method);
                        }));
        installed = true;
    }

    /** Blocking calls seen on non-blocking threads, except the probe's. */
    public static List<Violation> violations() {
        return VIOLATIONS.stream().filter(v -> !v.thread().startsWith(PROBE_THREAD_PREFIX)).toList();
    }

    public static List<Violation> probeViolations() {
        return VIOLATIONS.stream().filter(v -> v.thread().startsWith(PROBE_THREAD_PREFIX)).toList();
    }
}
