package dev.loomlab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DatabaseStarterTest {
    @Test
    void credentialsInAJdbcUrlsQueryAreFoundDecoded() {
        String url = "jdbc:mariadb://db.example:3306/loomlab?useSsl=false&user=bench&password=p%40ss%3Dword";
        assertThat(DatabaseStarter.queryValue(url, "user")).contains("bench");
        assertThat(DatabaseStarter.queryValue(url, "password")).contains("p@ss=word");
        assertThat(DatabaseStarter.r2dbcUrl(url)).isEqualTo("r2dbc:mariadb://db.example:3306/loomlab");
    }

    @Test
    void aUrlWithoutThemLeavesTheDefaultsToTheCaller() {
        assertThat(DatabaseStarter.queryValue("jdbc:postgresql://h/db", "password")).isEmpty();
        assertThat(DatabaseStarter.queryValue("jdbc:postgresql://h/db?passwordFile=x", "password")).isEmpty();
    }
}
