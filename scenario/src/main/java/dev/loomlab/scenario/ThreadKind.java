package dev.loomlab.scenario;

/**
 * Which kind of thread served a request, read from the {@code thread-name} body
 * ({@code Thread.currentThread().toString()}). This is how tests prove that a model
 * really runs on the threads it claims. The kinds are the lab's ways of serving a request; which
 * names a stack gives its pool's threads and its event loops is its own business, said in its
 * descriptor ({@link ThreadNames}), so that adding a stack adds no kind here.
 */
public enum ThreadKind {
    /** e.g. {@code VirtualThread[#52,tomcat-handler-0]/runnable@ForkJoinPool-1-worker-1}: known without the server's names. */
    VIRTUAL,
    /** A platform thread of the server's bounded request pool, e.g. Tomcat's {@code http-nio-127.0.0.1-8080-exec-1}. */
    PLATFORM_POOL,
    /** An event loop's thread, e.g. Reactor Netty's {@code reactor-http-nio-2}. */
    EVENT_LOOP,
    OTHER;

    private static final String PLATFORM = "Thread[";

    /** The kind of {@code threadToString}, a platform thread's told by the names its server gives ({@code names}). */
    public static ThreadKind of(String threadToString, ThreadNames names) {
        if (threadToString.startsWith("VirtualThread[")) {
            return VIRTUAL;
        }
        if (!threadToString.startsWith(PLATFORM)) {
            return OTHER;
        }
        String name = name(threadToString);
        if (names.pool().filter(name::contains).isPresent()) {
            return PLATFORM_POOL;
        }
        if (names.eventLoop().filter(name::contains).isPresent()) {
            return EVENT_LOOP;
        }
        return OTHER;
    }

    /**
     * The thread's own name out of {@code Thread[#40,http-nio-8080-exec-1,5,main]} (JDK 21+) or
     * {@code Thread[http-nio-8080-exec-1,5,main]} (JDK 17, which the legacy stack runs on), so that a
     * name part never matches the thread's group.
     */
    static String name(String threadToString) {
        int end = threadToString.endsWith("]") ? threadToString.length() - 1 : threadToString.length();
        String inner = threadToString.substring(PLATFORM.length(), end);
        if (inner.startsWith("#")) {
            inner = inner.substring(inner.indexOf(',') + 1);
        }
        int group = inner.lastIndexOf(',');
        int priority = group < 0 ? -1 : inner.lastIndexOf(',', group - 1);
        return priority < 0 ? inner : inner.substring(0, priority);
    }
}
