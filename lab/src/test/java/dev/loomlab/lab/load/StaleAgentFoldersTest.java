package dev.loomlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sweep a run makes on an agent host before its own {@code mktemp -d}, run here with {@code sh} as the host would
 * run it, against a folder of the test's own in place of {@code /tmp}: it removes what a killed lab left and nothing
 * that may still be anyone's.
 */
class StaleAgentFoldersTest {
    private static final Instant TWO_HOURS_AGO = Instant.now().minus(Duration.ofHours(2));

    @TempDir
    Path root;

    @Test
    void aFolderWhoseLeaseIsOverAnHourOldIsRemoved() throws Exception {
        Path folder = agentFolder("Stale00001", TWO_HOURS_AGO, TWO_HOURS_AGO);

        sweep();

        assertThat(folder).doesNotExist();
    }

    @Test
    void aFolderWithoutALeaseGoesByItsOwnAge() throws Exception {
        Path old = agentFolder("NoLease001", TWO_HOURS_AGO, null);
        Path young = agentFolder("NoLease002", Instant.now(), null);

        sweep();

        assertThat(old).doesNotExist();
        assertThat(young).as("killed between its mktemp and its lease").exists();
    }

    @Test
    void aFreshLeaseKeepsAnOldFolder() throws Exception {
        Path folder = agentFolder("Fresh00001", TWO_HOURS_AGO, Instant.now());

        sweep();

        assertThat(folder).exists();
    }

    @Test
    void aFolderAProcessWorksInIsKeptWhateverItsLease() throws Exception {
        Path folder = agentFolder("Busy000001", TWO_HOURS_AGO, TWO_HOURS_AGO);
        Process sleep = new ProcessBuilder("sleep", "30").directory(folder.toFile()).start();
        try {
            sweep();
            assertThat(folder).exists();
        } finally {
            new ProcessBuilder("kill", String.valueOf(sleep.pid())).start().waitFor(10, TimeUnit.SECONDS);
            sleep.waitFor(10, TimeUnit.SECONDS);
        }
        sweep();
        assertThat(folder).as("once its process is gone").doesNotExist();
    }

    @Test
    void anotherUsersFolderIsNotOursToRemove() throws Exception {
        assumeThat(Files.getAttribute(root, "unix:uid")).as("chown needs root").isEqualTo(0);
        Path folder = agentFolder("Nobody0001", TWO_HOURS_AGO, TWO_HOURS_AGO);
        Files.setOwner(folder, root.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));
        Files.setLastModifiedTime(folder, FileTime.from(TWO_HOURS_AGO));

        sweep();

        assertThat(folder).exists();
    }

    @Test
    void aSymlinkOfTheNameIsKeptAndSoIsWhatItPointsTo() throws Exception {
        Path target = Files.createDirectory(root.resolve("elsewhere"));
        Files.writeString(target.resolve(StaleAgentFolders.LEASE), "");
        Files.setLastModifiedTime(target.resolve(StaleAgentFolders.LEASE), FileTime.from(TWO_HOURS_AGO));
        Files.setLastModifiedTime(target, FileTime.from(TWO_HOURS_AGO));
        Path link = Files.createSymbolicLink(root.resolve(StaleAgentFolders.PREFIX + "Symlink001"), target);

        sweep();

        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(target.resolve(StaleAgentFolders.LEASE)).exists();
    }

    @Test
    void onlyTheNamesMktempMakesAreSwept() throws Exception {
        Path[] others = {
            agentFolder("Short", TWO_HOURS_AGO, TWO_HOURS_AGO),
            agentFolder("Eleven00001", TWO_HOURS_AGO, TWO_HOURS_AGO),
            agentFolder("Dash-00001", TWO_HOURS_AGO, TWO_HOURS_AGO),
            folder("loomlab-agant-Typo000001", TWO_HOURS_AGO, TWO_HOURS_AGO),
            folder("my-loomlab-agent-Prefix0001", TWO_HOURS_AGO, TWO_HOURS_AGO),
        };

        sweep();

        assertThat(others).allMatch(Files::isDirectory);
    }

    @Test
    void theLabSweepsTheHostsTmp() {
        assertThat(StaleAgentFolders.command("/tmp")).startsWith("sh -c '").endsWith(" sh '/tmp'");
    }

    private Path agentFolder(String suffix, Instant modified, Instant lease) throws IOException {
        return folder(StaleAgentFolders.PREFIX + suffix, modified, lease);
    }

    /** A folder as a run leaves it, with a k6 inside: its lease (or none) and its own time set last, as a crash leaves them. */
    private Path folder(String name, Instant modified, Instant lease) throws IOException {
        Path folder = Files.createDirectory(root.resolve(name));
        Files.writeString(folder.resolve("k6"), "#!/bin/sh\n");
        if (lease != null) {
            Files.writeString(folder.resolve(StaleAgentFolders.LEASE), "");
            Files.setLastModifiedTime(folder.resolve(StaleAgentFolders.LEASE), FileTime.from(lease));
        }
        Files.setLastModifiedTime(folder, FileTime.from(modified));
        return folder;
    }

    /** The lab's own command line, run by {@code sh} as sshd would run it, with the test's folder for {@code /tmp}. */
    private void sweep() throws Exception {
        Process p = new ProcessBuilder("sh", "-c", StaleAgentFolders.command(root.toString())).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
    }
}
