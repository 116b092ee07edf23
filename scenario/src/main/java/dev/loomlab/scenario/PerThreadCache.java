package dev.loomlab.scenario;

import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.Locale;
import java.util.TimeZone;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The seeds' advice "cache your SimpleDateFormat in a ThreadLocal", as the {@code threadlocal}
 * scenario serves it: a formatter plus a scratch buffer of {@code kb} KB, created on a thread's first
 * use and reused by every later request on that thread. With 200 pooled threads that is 200
 * objects for the life of the server; with a virtual thread per request it is one per request —
 * the cache becomes an allocation on every request, and nothing is ever reused.
 */
public final class PerThreadCache {
    /**
     * The servers' Micrometer counter of caches built, and its name on /actuator/prometheus. Not
     * "...created": Prometheus reserves that suffix and drops it from a counter's name.
     */
    public static final String METER = "loomlab.threadlocal.caches";
    public static final String PROMETHEUS = "loomlab_threadlocal_caches_total";

    private static final ThreadLocal<Entry> CACHE = new ThreadLocal<>();
    private static final AtomicLong CREATED = new AtomicLong();

    private PerThreadCache() {
    }

    private record Entry(SimpleDateFormat format, byte[] scratch) {
    }

    /** Formats {@code when} with this thread's cached formatter; the answer says whether it was made now. */
    public static String format(long ms, long kb, Date when) {
        Entry entry = CACHE.get();
        boolean fresh = entry == null || entry.scratch.length != kb * 1024;
        if (fresh) {
            SimpleDateFormat f = new SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", Locale.ROOT);
            f.setTimeZone(TimeZone.getTimeZone("UTC"));
            entry = new Entry(f, new byte[(int) (kb * 1024)]);
            CACHE.set(entry);
            CREATED.incrementAndGet();
        }
        String formatted = entry.format.format(when);
        // Touch the buffer the way a formatter's scratch space is used, so it is not dead weight.
        byte[] b = formatted.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        System.arraycopy(b, 0, entry.scratch, 0, Math.min(b.length, entry.scratch.length));
        return Responses.threadLocal(ms, formatted, kb, fresh);
    }

    /** Caches created since the server started. */
    public static long created() {
        return CREATED.get();
    }
}
