package dev.loomlab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ThreadKindTest {
    @Test
    void recognisesEachModelsThreads() {
        assertThat(ThreadKind.of("VirtualThread[#52,tomcat-handler-0]/runnable@ForkJoinPool-1-worker-1")).isEqualTo(ThreadKind.VIRTUAL);
        assertThat(ThreadKind.of("Thread[#40,http-nio-127.0.0.1-8080-exec-1,5,main]")).isEqualTo(ThreadKind.TOMCAT_PLATFORM);
        assertThat(ThreadKind.of("Thread[#35,reactor-http-nio-2,5,main]")).isEqualTo(ThreadKind.REACTOR_EVENT_LOOP);
        assertThat(ThreadKind.of("Thread[#31,vert.x-eventloop-thread-0,5,main]")).isEqualTo(ThreadKind.VERTX_EVENT_LOOP);
        assertThat(ThreadKind.of("Thread[#60,executor-thread-1,5,main]")).isEqualTo(ThreadKind.QUARKUS_WORKER);
        assertThat(ThreadKind.of("Thread[#1,main,5,main]")).isEqualTo(ThreadKind.OTHER);
    }

    @Test
    void aRealVirtualThreadIsRecognised() throws InterruptedException {
        String[] name = new String[1];
        Thread.ofVirtual().start(() -> name[0] = Thread.currentThread().toString()).join();
        assertThat(ThreadKind.of(name[0])).isEqualTo(ThreadKind.VIRTUAL);
    }
}
