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
    /** e.g. {@code Thread[#31,vert.x-eventloop-thread-0,5,main]} (Quarkus on the event loop) */
    VERTX_EVENT_LOOP,
    /** e.g. {@code Thread[#60,executor-thread-1,5,main]} (Quarkus's worker pool) */
    QUARKUS_WORKER,
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
        if (threadToString.startsWith("Thread[") && threadToString.contains("vert.x-eventloop-thread-")) {
            return VERTX_EVENT_LOOP;
        }
        if (threadToString.startsWith("Thread[") && threadToString.contains(",executor-thread-")) {
            return QUARKUS_WORKER;
        }
        return OTHER;
    }
}
