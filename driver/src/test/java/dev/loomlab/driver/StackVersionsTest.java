package dev.loomlab.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.util.Version;
import io.vertx.core.Vertx;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Test;

/**
 * Hyperfoil 0.25.2 must run on the stack it was built with. The parent's Spring Boot dependency
 * management would silently upgrade it; driver/pom.xml pins it back. This fails if that ever drifts.
 */
class StackVersionsTest {

    private static String mavenVersion(Class<?> anyClassOfTheJar, String groupId, String artifactId) throws IOException {
        String resource = "/META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties";
        try (InputStream in = anyClassOfTheJar.getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        }
    }

    @Test
    void hyperfoilRunsOnItsOwnStack() throws IOException {
        assertThat(HyperfoilRun.hyperfoilVersion()).isEqualTo("0.25.2");
        assertThat(Version.identify().get("netty-common").artifactVersion()).isEqualTo("4.1.87.Final");
        assertThat(Version.identify().get("netty-codec-http").artifactVersion()).isEqualTo("4.1.87.Final");
        assertThat(Version.identify().get("netty-transport-native-epoll").artifactVersion()).isEqualTo("4.1.87.Final");
        assertThat(mavenVersion(Vertx.class, "io.vertx", "vertx-core")).isEqualTo("4.3.8");
        assertThat(mavenVersion(LoggerContext.class, "org.apache.logging.log4j", "log4j-core"))
                .isEqualTo("2.19.0");
        assertThat(mavenVersion(ObjectMapper.class, "com.fasterxml.jackson.core", "jackson-databind"))
                .isEqualTo("2.15.2");
        assertThat(mavenVersion(org.HdrHistogram.Histogram.class, "org.hdrhistogram", "HdrHistogram")).isEqualTo("2.2.2");
    }

    @Test
    void noSpringOnTheDriverClasspath() {
        assertThat(System.getProperty("java.class.path")).doesNotContain("spring");
    }
}
