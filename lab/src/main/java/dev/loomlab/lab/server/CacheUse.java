package dev.loomlab.lab.server;

/**
 * What a server's start did with its {@link StartupCache}, which is what its time to the ready line is the cost of: a
 * start from the cache, one that ran the cache's training JVM first, or one with no cache at all.
 */
public enum CacheUse {
    /** Started from the cache a training recorded before (the JVM given its archive). */
    FROM_CACHE,
    /**
     * Ran the training start first, then started from what it recorded: the training's time is within the start. A
     * training that failed counts here too (it ran, and the server then started without a cache).
     */
    TRAINED,
    /** Started with no cache: the lab keeps none for this jar (see {@link ServerLaunch}) or its training failed before. */
    NONE
}
