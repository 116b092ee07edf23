package dev.loomlab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class ThreadKindTest {
    private static final ThreadNames TOMCAT = new ThreadNames(Optional.of("-exec-"), Optional.empty());
    private static final ThreadNames NETTY = new ThreadNames(Optional.empty(), Optional.of("reactor-http-"));
    private static final ThreadNames POOL_AND_LOOP = new ThreadNames(Optional.of("executor-thread-"), Optional.of("vert.x-eventloop-thread-"));

    @Test
    void aPlatformThreadIsToldByTheNamesItsServerGives() {
        assertThat(ThreadKind.of("Thread[#40,http-nio-127.0.0.1-8080-exec-1,5,main]", TOMCAT)).isEqualTo(ThreadKind.PLATFORM_POOL);
        assertThat(ThreadKind.of("Thread[#35,reactor-http-nio-2,5,main]", NETTY)).isEqualTo(ThreadKind.EVENT_LOOP);
        assertThat(ThreadKind.of("Thread[#31,vert.x-eventloop-thread-0,5,main]", POOL_AND_LOOP)).isEqualTo(ThreadKind.EVENT_LOOP);
        assertThat(ThreadKind.of("Thread[#60,executor-thread-1,5,main]", POOL_AND_LOOP)).isEqualTo(ThreadKind.PLATFORM_POOL);
        assertThat(ThreadKind.of("Thread[#1,main,5,main]", POOL_AND_LOOP)).isEqualTo(ThreadKind.OTHER);
    }

    @Test
    void anotherStacksThreadIsNotTakenForThisOnes() {
        assertThat(ThreadKind.of("Thread[#35,reactor-http-nio-2,5,main]", TOMCAT)).isEqualTo(ThreadKind.OTHER);
        assertThat(ThreadKind.of("Thread[#40,http-nio-127.0.0.1-8080-exec-1,5,main]", ThreadNames.NONE)).isEqualTo(ThreadKind.OTHER);
    }

    @Test
    void onlyTheThreadsNameIsMatchedNotItsGroup() {
        ThreadNames main = new ThreadNames(Optional.of("main"), Optional.empty());

        assertThat(ThreadKind.of("Thread[#41,worker-1,5,main]", main)).isEqualTo(ThreadKind.OTHER);
        assertThat(ThreadKind.name("Thread[#40,http-nio-127.0.0.1-8080-exec-1,5,main]")).isEqualTo("http-nio-127.0.0.1-8080-exec-1");
    }

    @Test
    void jdk17sThreadsWithoutAnIdAreReadToo() {
        assertThat(ThreadKind.name("Thread[http-nio-127.0.0.1-8080-exec-1,5,main]")).isEqualTo("http-nio-127.0.0.1-8080-exec-1");
        assertThat(ThreadKind.of("Thread[http-nio-127.0.0.1-8080-exec-1,5,main]", TOMCAT)).isEqualTo(ThreadKind.PLATFORM_POOL);
    }

    @Test
    void aRealVirtualThreadIsRecognisedWithoutAnyNames() throws InterruptedException {
        String[] name = new String[1];
        Thread.ofVirtual().start(() -> name[0] = Thread.currentThread().toString()).join();
        assertThat(ThreadKind.of(name[0], ThreadNames.NONE)).isEqualTo(ThreadKind.VIRTUAL);
    }

    @Test
    void noAnswerIsOther() {
        assertThat(ThreadKind.of("", TOMCAT)).isEqualTo(ThreadKind.OTHER);
    }
}
