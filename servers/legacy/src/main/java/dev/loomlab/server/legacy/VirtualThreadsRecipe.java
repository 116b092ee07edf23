package dev.loomlab.server.legacy;

import java.lang.reflect.InvocationTargetException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration;
import org.springframework.boot.web.embedded.tomcat.TomcatProtocolHandlerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.AsyncTaskExecutor;
import org.springframework.core.task.support.TaskExecutorAdapter;

/**
 * Seed 001's recipe for Spring Boot before 3.2, which has no {@code spring.threads.virtual.enabled}:
 * Tomcat gets a virtual-thread-per-task executor through a {@link TomcatProtocolHandlerCustomizer}
 * (replacing its pool of 200 platform threads), and the application's {@link AsyncTaskExecutor}
 * ({@code @Async}, async MVC) runs on virtual threads too. Enabled by the same property the lab
 * passes to the Boot 4 mvc server. The executor is made reflectively: this class is compiled for
 * JDK 17, where {@code Executors.newVirtualThreadPerTaskExecutor()} does not exist.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "spring.threads.virtual.enabled", havingValue = "true")
public class VirtualThreadsRecipe {

    @Bean
    TomcatProtocolHandlerCustomizer<?> virtualThreadPerRequest() {
        return protocolHandler -> protocolHandler.setExecutor(newVirtualThreadPerTaskExecutor());
    }

    @Bean(TaskExecutionAutoConfiguration.APPLICATION_TASK_EXECUTOR_BEAN_NAME)
    AsyncTaskExecutor applicationTaskExecutor() {
        return new TaskExecutorAdapter(newVirtualThreadPerTaskExecutor());
    }

    /** {@code Executors.newVirtualThreadPerTaskExecutor()}, or a clear refusal on a JDK without it. */
    static ExecutorService newVirtualThreadPerTaskExecutor() {
        try {
            return (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("spring.threads.virtual.enabled=true needs JDK 21+ (virtual threads), this is JDK "
                    + System.getProperty("java.version"));
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot create a virtual-thread executor: " + e, e);
        }
    }
}
