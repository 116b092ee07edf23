package dev.loomlab.server.shared;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * What the two servlet servers (mvc on Spring 7, legacy on Spring 5.3) serve alike: the
 * contract's controller, its error answers, and the SQL dialect read from {@code spring.datasource.url}.
 * Each server imports this from its application class.
 */
@Configuration(proxyBeanMethods = false)
@Import({BlockingScenarioController.class, BadParameterAdvice.class, ServerErrorAdvice.class})
public class ServletContract {

    @Bean
    DatabaseDialect databaseDialect(@Value("${spring.datasource.url:}") String url) {
        return DatabaseDialect.ofJdbcUrl(url);
    }
}
