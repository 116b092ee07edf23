package dev.loomlab.lab.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.os.SecretMask;
import dev.loomlab.lab.report.SummaryMarkdown;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line a manifest records, and so every report that shows it, holds no password. */
class SecretMaskTest {

    @Test
    void theFlagsValueIsMaskedAsTheNextArgumentOrAfterAnEqualsSign() {
        assertThat(SecretMask.commandLine(List.of("run", "--db-password", "s3cret word", "--vus", "10")))
                .isEqualTo("run --db-password **** --vus 10");
        assertThat(SecretMask.commandLine(List.of("run", "--db-password=s3cret", "--db-user", "bob")))
                .isEqualTo("run --db-password=**** --db-user bob");
    }

    @Test
    void aUrlsPasswordIsMaskedInEitherPlace() {
        assertThat(SecretMask.commandLine(List.of("--db-url", "jdbc:postgresql://db:5432/x?user=u&password=s3cret&ssl=true")))
                .isEqualTo("--db-url jdbc:postgresql://db:5432/x?user=u&password=****&ssl=true");
        assertThat(SecretMask.commandLine(List.of("--db-url", "jdbc:mariadb://u:s3cret@db:3306/x")))
                .isEqualTo("--db-url jdbc:mariadb://u:****@db:3306/x");
        assertThat(SecretMask.commandLine(List.of("--target", "http://127.0.0.1:8080/", "--vus", "a@b")))
                .isEqualTo("--target http://127.0.0.1:8080/ --vus a@b");
    }

    @Test
    void aJarArgumentWhoseKeyNamesACredentialIsMaskedInsideAppArgsAndElsewhere() {
        assertThat(SecretMask.commandLine(List.of("run", "--app", "shop.jar",
                "--app-args=--spring.datasource.password=s3cr3t,--server.tomcat.max-keep-alive-requests=-1")))
                .isEqualTo("run --app shop.jar --app-args=--spring.datasource.password=****,--server.tomcat.max-keep-alive-requests=-1");
        assertThat(SecretMask.commandLine(List.of("run", "--app-args", "--shop.api-key=s3cr3t,--x=1", "--vus", "10")))
                .isEqualTo("run --app-args --shop.api-key=****,--x=1 --vus 10");
        assertThat(SecretMask.argument("-Djavax.net.ssl.keyStorePassword=s3cr3t")).isEqualTo("-Djavax.net.ssl.keyStorePassword=****");
        assertThat(SecretMask.argument("--spring.profiles.active=bench")).isEqualTo("--spring.profiles.active=bench");
        assertThat(SecretMask.argument("--spring.datasource.url=jdbc:mariadb://u:s3cr3t@db/x"))
                .isEqualTo("--spring.datasource.url=jdbc:mariadb://u:****@db/x");
    }

    @Test
    void aManifestWrittenByAnOlderBuildWithThePasswordInClearIsMaskedWhenReadAndReported(@TempDir Path tmp) throws Exception {
        Manifest clear = RunFolderTest.manifest(List.of());
        String json = RunFolder.json().writeValueAsString(clear)
                .replace("\"loomlab run\"", "\"-jar lab.jar run --db-password s3cret --db-url jdbc:postgresql://h/x?password=s3cret\"");
        Files.writeString(tmp.resolve(RunFolder.MANIFEST), json);

        Manifest read = new RunFolder(tmp).readManifest();

        assertThat(read.command()).isEqualTo("-jar lab.jar run --db-password **** --db-url jdbc:postgresql://h/x?password=****");
        assertThat(SummaryMarkdown.render(tmp, read, List.of())).doesNotContain("s3cret").contains("--db-password ****");
    }
}
