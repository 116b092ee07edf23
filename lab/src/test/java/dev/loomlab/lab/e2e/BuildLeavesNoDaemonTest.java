package dev.loomlab.lab.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The build that ran this suite compiled the coroutines server (Kotlin) before the lab's tests: a compiler daemon it
 * started would still be alive now, holding about 390 MB and taking CPU from the first cells measured after a build.
 * Only daemons started since the Maven process that runs this test count, not one of another build on the machine.
 */
class BuildLeavesNoDaemonTest {

    @Test
    void theBuildThatRanThisSuiteLeftNoKotlinCompilerDaemon() {
        // Surefire forks this JVM through a shell: the build is the nearest ancestor that is Maven's own launcher.
        Optional<ProcessHandle> build = Stream.iterate(ProcessHandle.current().parent(), Optional::isPresent, p -> p.flatMap(ProcessHandle::parent))
                .map(Optional::orElseThrow)
                .filter(p -> p.info().commandLine().orElse("").contains("org.codehaus.plexus.classworlds"))
                .findFirst();
        assumeTrue(build.isPresent(), "not run by Maven: no build to hold to account");
        ProcessHandle maven = build.get();
        Instant buildStarted = maven.info().startInstant().orElseThrow();
        List<String> left = ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().orElse("").contains("KotlinCompileDaemon"))
                .filter(p -> p.info().startInstant().map(buildStarted::isBefore).orElse(false))
                .map(p -> p.pid() + " " + p.info().startInstant().orElseThrow())
                .toList();
        assertThat(left).as("Kotlin compiler daemons started by this build (%s, started %s)", maven.pid(), buildStarted).isEmpty();
    }
}
