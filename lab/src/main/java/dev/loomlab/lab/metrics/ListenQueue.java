package dev.loomlab.lab.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The kernel's count of connections refused or dropped at a full accept queue (TcpExt
 * ListenOverflows and ListenDrops in /proc/net/netstat): the client sees these only as slow
 * connects or connect errors, the server never sees them at all.
 */
final class ListenQueue {
    private static final Path NETSTAT = Path.of("/proc/net/netstat");

    private ListenQueue() {
    }

    /** {overflows, drops}, or null where the kernel does not expose them. */
    static long[] read() {
        return read(-1);
    }

    /**
     * The counters of the network namespace {@code pid} lives in ({@code /proc/PID/net/netstat}):
     * in the split topology the server's accept queue is in its own namespace, which the lab's
     * {@code /proc/net} does not show. A pid of -1 (or a process gone) reads the lab's own.
     */
    static long[] read(long pid) {
        Path file = pid > 0 && Files.isReadable(Path.of("/proc", String.valueOf(pid), "net", "netstat"))
                ? Path.of("/proc", String.valueOf(pid), "net", "netstat") : NETSTAT;
        try {
            return parse(Files.readAllLines(file));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The file pairs a header line ("TcpExt: name name …") with a value line ("TcpExt: 1 2 …"). */
    static long[] parse(List<String> lines) {
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (lines.get(i).startsWith("TcpExt:") && lines.get(i + 1).startsWith("TcpExt:")) {
                String[] names = lines.get(i).split("\\s+");
                String[] values = lines.get(i + 1).split("\\s+");
                long overflows = -1;
                long drops = -1;
                for (int k = 1; k < Math.min(names.length, values.length); k++) {
                    if (names[k].equals("ListenOverflows")) {
                        overflows = Long.parseLong(values[k]);
                    } else if (names[k].equals("ListenDrops")) {
                        drops = Long.parseLong(values[k]);
                    }
                }
                return overflows < 0 || drops < 0 ? null : new long[] {overflows, drops};
            }
        }
        return null;
    }
}
