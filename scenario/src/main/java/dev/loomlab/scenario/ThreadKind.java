package dev.loomlab.scenario;

/**
 * Which kind of thread served a request, read from the {@code thread-name} body
 * ({@code Thread.currentThread().toString()}). This is how tests prove that a model
 * really runs on the threads it claims.
 */
public enum ThreadKind {
    /** e.g. {@code VirtualThread[#52,tomcat-handler-0]/runnable@ForkJoinPool-1-worker-1} */
    VIRTUAL,
    /** e.g. {@code Thread[#40,http-nio-127.0.0.1-8080-exec-1,5,main]} */
    TOMCAT_PLATFORM,
    /** e.g. {@code Thread[#35,reactor-http-nio-2,5,main]} */
    REACTOR_EVENT_LOOP,
    OTHER;

    public static ThreadKind of(String threadToString) {
        if (threadToString.startsWith("VirtualThread[")) {
            return VIRTUAL;
        }
        if (threadToString.startsWith("Thread[") && threadToString.contains("-exec-")) {
            return TOMCAT_PLATFORM;
        }
        if (threadToString.startsWith("Thread[") && threadToString.contains("reactor-http-")) {
            return REACTOR_EVENT_LOOP;
        }
        return OTHER;
    }
}
