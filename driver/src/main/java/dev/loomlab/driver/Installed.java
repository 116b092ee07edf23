package dev.loomlab.driver;

import io.hyperfoil.api.session.Session;
import java.util.function.Supplier;

/**
 * The run's one instance of what Hyperfoil's steps and handlers feed ({@link Completions}, {@link Arrivals}): Hyperfoil
 * builds those steps and handlers itself, so they find the run's instance here, installed before the run starts.
 */
final class Installed<T> {
    private volatile T current;

    /** Makes {@code instance} the run's (null: none) and returns it. */
    T install(T instance) {
        current = instance;
        return instance;
    }

    /** The run's instance, or null when none is installed. */
    T current() {
        return current;
    }

    /** The session's resource under {@code key}, declared on the session's first use of it. */
    static <R extends Session.Resource> R resource(Session session, Session.ResourceKey<R> key, Supplier<R> create) {
        R resource = session.getResource(key);
        if (resource == null) {
            session.declareResource(key, create);
            resource = session.getResource(key);
        }
        return resource;
    }
}
