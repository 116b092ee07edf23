package dev.loomlab.server.mvc;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** Spring MVC on Tomcat with JDBC: the mvc-platform and mvc-virtual models. */
@SpringBootApplication
public class MvcServer {
    public static void main(String[] args) {
        SpringApplication.run(MvcServer.class, args);
    }
}
