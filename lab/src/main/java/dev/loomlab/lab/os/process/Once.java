package dev.loomlab.lab.os.process;

import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A value made once by work that can block — a process to start, a command to run, a cache to train — with no lock
 * held while it runs: the first caller installs a future and does the work itself; a caller that comes meanwhile
 * waits on that future, never on a monitor, so nothing else that takes a lock queues behind the work. A failure is
 * not kept: the next caller tries again.
 */
public final class Once<T> {
    private final AtomicReference<CompletableFuture<T>> current = new AtomicReference<>();

    /** The value, made by {@code work} if there is none yet (or the last attempt failed). */
    public T get(Supplier<T> work) {
        return get(work, value -> true);
    }

    /** The value, made again by {@code work} when the one made before is no longer {@code usable} (a process that died). */
    public T get(Supplier<T> work, Predicate<T> usable) {
        while (true) {
            CompletableFuture<T> made = current.get();
            if (made == null) {
                CompletableFuture<T> mine = new CompletableFuture<>();
                if (current.compareAndSet(null, mine)) {
                    return make(mine, work);
                }
            } else {
                T value = join(made);
                if (usable.test(value)) {
                    return value;
                }
                current.compareAndSet(made, null);
            }
        }
    }

    /** The value now, if one is made (not one being made, and not one detached since); never waits. */
    public Optional<T> now() {
        CompletableFuture<T> made = current.get();
        return made != null && made.isDone() && !made.isCompletedExceptionally() ? Optional.of(made.join()) : Optional.empty();
    }

    /** The value once made, waiting (with no lock held) for one being made; empty when none was begun or its work failed. */
    public Optional<T> settled() {
        return Optional.ofNullable(current.get()).flatMap(Once::made);
    }

    /** Whether {@code value} is the one this holds now. */
    public boolean holds(T value) {
        return now().filter(v -> v == value).isPresent();
    }

    /**
     * Forgets the value at once, being made or made, and hands back its future: the next {@link #get} makes another.
     * Cheap, so it can be done under a lock; wait for the future (see {@link #made}) outside it.
     */
    public Optional<CompletableFuture<T>> detach() {
        return Optional.ofNullable(current.getAndSet(null));
    }

    /** Forgets the value and returns it once made (waiting, with no lock held, for one being made); empty when none was. */
    public Optional<T> take() {
        return detach().flatMap(Once::made);
    }

    /** What {@code future} made, once it is done; empty when its work failed. */
    public static <T> Optional<T> made(CompletableFuture<T> future) {
        try {
            return Optional.of(future.join());
        } catch (CompletionException | CancellationException failed) {
            return Optional.empty();
        }
    }

    private T make(CompletableFuture<T> mine, Supplier<T> work) {
        try {
            T value = work.get();
            mine.complete(value);
            return value;
        } catch (RuntimeException | Error e) {
            current.compareAndSet(mine, null);
            mine.completeExceptionally(e);
            throw e;
        }
    }

    /** The value of another caller's work, or its failure as that caller saw it. */
    private static <T> T join(CompletableFuture<T> made) {
        try {
            return made.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }
}
