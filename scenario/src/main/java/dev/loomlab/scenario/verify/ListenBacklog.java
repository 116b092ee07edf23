package dev.loomlab.scenario.verify;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;

/** The accept backlog of a listening TCP port, as the kernel reports it (ss's Send-Q column). */
public final class ListenBacklog {
    private ListenBacklog() {
    }

    /** Empty when ss (iproute2) is not installed. */
    public static OptionalInt of(int port) throws IOException, InterruptedException {
        Process ss;
        try {
            ss = new ProcessBuilder("ss", "-Hltn", "sport = :" + port).redirectErrorStream(true).start();
        } catch (IOException e) {
            return OptionalInt.empty();
        }
        String out = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (ss.waitFor() != 0) {
            throw new IOException("ss failed: " + out);
        }
        String[] columns = out.split("\\s+"); // State Recv-Q Send-Q Local Peer
        if (columns.length < 4 || !columns[0].equals("LISTEN")) {
            throw new IOException("nothing listens on port " + port + ": '" + out + "'");
        }
        return OptionalInt.of(Integer.parseInt(columns[2]));
    }

    /** The kernel caps every backlog at net.core.somaxconn (4096 by default since Linux 5.4). */
    public static int somaxconn() throws IOException {
        // Not Files.readString: on this kernel it returns only the first byte of /proc/sys files.
        try (BufferedReader in = Files.newBufferedReader(Path.of("/proc/sys/net/core/somaxconn"))) {
            return Integer.parseInt(in.readLine().strip());
        }
    }
}
