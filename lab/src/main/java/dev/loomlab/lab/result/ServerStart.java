package dev.loomlab.lab.result;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * How a cell's server started, as far as its start-up cache goes ({@code server/StartupCache}): the cell's time to its
 * first correct answer (READY + VERIFY) is a model's start-up cost only beside it. A start that trained the cache ran a
 * whole training JVM first (its READY 19–27 s against 4.2–8.6 s from the cache, docs/measurements.md), so it is neither a
 * cached nor a cold start.
 * Spelled in lower case in the cell file ({@code "serverStart" : "cache"}).
 */
public enum ServerStart {
    /** From the start-up cache a training recorded before: the JVM was given the cache's classes. */
    CACHE,
    /**
     * After a training start that recorded the cache (or tried to and failed), timed within the cell's start: the
     * training's JVM and then the server's own.
     */
    TRAINING,
    /**
     * Without a start-up cache: the lab keeps none for the server (a user's {@code --app} jar, a swapped JDBC driver, a jar
     * that is not a Spring Boot fat jar) or its training failed once and is not tried again.
     */
    COLD,
    /**
     * Not recorded: a cell of schema 7 or older, a {@code --target} server (the lab did not start it), a cell whose server
     * did not start. Never read as cold.
     */
    UNKNOWN;

    /** The cell file's spelling: {@code cache}, {@code training}, {@code cold} or {@code unknown}. */
    @JsonValue
    public String spelling() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether the cell says how its server started. */
    public boolean known() {
        return this != UNKNOWN;
    }
}
