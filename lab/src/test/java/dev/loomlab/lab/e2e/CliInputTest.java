package dev.loomlab.lab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad input never starts anything: exit code 2 and one line that names what is wrong. */
class CliInputTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "run --models mvc-turbo           | unknown model 'mvc-turbo' (allowed: mvc-platform, mvc-virtual, ",
            "run --jdks 23                    | JDK 23 not found (looked at LOOMLAB_JAVA_HOME, JAVA_HOME, /usr/lib/jvm/*",
            "run --jdks 8                     | jdks: JDK 8 cannot run a server here: the oldest is 17",
            "run --models legacy-virtual --jdks 17 | jdks: legacy-virtual needs JDK 21+, but jdks lists only [17]",
            "run --scenarios sleep            | unknown scenario 'sleep' (allowed: thread-name, block, block-query, slow-query, pinned, locked, native-pinned, threadlocal, cpu, slow-query-bulkhead, write, read, fan-out-sequential",
            "run --plan nope                  | unknown plan 'nope' (presets: ",
            "run --vus 0                      | vus must be between 1 and 100000, got 0",
            "run --vus -3                     | vus must be between 1 and 100000, got -3",
            "run --duration 10x               | duration: cannot read '10x' as a duration",
            "run --db oracle                  | database: unknown value 'oracle' (allowed: postgres, mariadb)",
            "run --bogus                      | Unknown option: '--bogus'",
            "serve mvc-turbo                  | unknown model 'mvc-turbo'",
            "run --resume results/x --label v2 | --label goes with a new run: a resumed run keeps the label it was started with",
            "verify http://10.1.2.3:8080      | refusing target host '10.1.2.3': it resolves to [10.1.2.3], not a loopback address",
            "decide --p99 soon                | --p99: cannot read 'soon' as a duration",
            "decide --p99 0s                  | --p99 must be between 1ms and 1h, got 0s",
            "decide --errors 1.5              | --errors: expected a share of the requests at least 0 and below 1, e.g. 0.001 or 0.1%, got '1.5'",
            "decide --errors lots             | --errors: expected a share of the requests at least 0 and below 1, e.g. 0.001 or 0.1%, got 'lots'",
            "decide --from 600 --to 100       | levels need 1 <= --from <= --to and 1 <= --steps <= 50, got from 600, to 100, steps 6",
            "decide --steps 0                 | levels need 1 <= --from <= --to and 1 <= --steps <= 50, got from 100, to 3000, steps 0",
            "decide --rate 100                | decide raises VUs (the closed model): drop --rate / --burst",
            "saturate --slo-p99 0s            | --slo-p99 must be between 1ms and 1h, got 0s",
    })
    void badInputExitsTwoWithOneLine(String args, String expected) {
        InProcessLab.Exit exit = InProcessLab.execute(args.trim().split("\\s+"));

        assertThat(exit.status()).isEqualTo(2);
        assertThat(exit.stderr()).contains(expected);
        assertThat(exit.stderr().lines().filter(l -> l.startsWith("loomlab:")).count()).isEqualTo(1);
    }
}
