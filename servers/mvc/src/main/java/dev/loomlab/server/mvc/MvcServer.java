package dev.loomlab.server.mvc;

import dev.loomlab.server.shared.ServletContract;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/** Spring MVC on Tomcat with JDBC: the mvc-platform and mvc-virtual models. */
@SpringBootApplication
@Import(ServletContract.class)
public class MvcServer {
    public static void main(String[] args) {
        SpringApplication.run(MvcServer.class, args);
    }
}
