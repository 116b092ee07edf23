package dev.loomlab.lab.os;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InterfaceAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lab's namespaces and links on this machine by their names ({@code loomlab-<pid>-<n>-<role>},
 * {@code ll<pid>x<n>…}): which exist, whether an address is on one of the lab's bridges, and the sweeping of
 * what a dead lab left — at the next start ({@link #sweepOrphans()}) or by its orphan guard ({@link #sweepScript()}).
 * {@code topology.Namespaces} builds and deletes one run's.
 */
public final class LabNamespaces {
    /** The first two bytes of every address the lab gives out on its bridges ({@code 10.231.<n>.0/24}). */
    public static final String SUBNET_PREFIX = "10.231.";
    private static final List<Path> IP_BINARIES = List.of(Path.of("/usr/sbin/ip"), Path.of("/sbin/ip"), Path.of("/usr/bin/ip"), Path.of("/bin/ip"));

    /** The lab's bridges: only hosts on one of these count as the lab's own (see {@link #isLabAddress}). */
    private static final Pattern BRIDGE = Pattern.compile("ll\\d+x\\d+b");

    /** Whether {@code host} lies on a bridge of the lab's (a namespace it made on this machine). */
    public static boolean isLabAddress(InetAddress host) {
        if (!(host instanceof Inet4Address) || !host.getHostAddress().startsWith(SUBNET_PREFIX)) {
            return false;
        }
        try {
            for (NetworkInterface nif : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!BRIDGE.matcher(nif.getName()).matches()) {
                    continue;
                }
                for (InterfaceAddress a : nif.getInterfaceAddresses()) {
                    if (a.getAddress() instanceof Inet4Address mine && sameSubnet(mine, host, a.getNetworkPrefixLength())) {
                        return true;
                    }
                }
            }
        } catch (SocketException e) {
            return false;
        }
        return false;
    }

    static boolean sameSubnet(InetAddress a, InetAddress b, int prefix) {
        int x = ByteBuffer.wrap(a.getAddress()).getInt();
        int y = ByteBuffer.wrap(b.getAddress()).getInt();
        int mask = prefix == 0 ? 0 : -1 << (32 - prefix);
        return (x & mask) == (y & mask);
    }

    /** The namespaces this machine has now (for tests and checks): {@code ip netns list}, names only. */
    public static List<String> list() {
        Path ip = ipBinary();
        if (ip == null) {
            return List.of();
        }
        return run(ip, List.of("netns", "list")).lines().map(l -> l.split("\\s+")[0]).filter(s -> !s.isBlank()).toList();
    }

    /** Namespaces of a lab run: {@code loomlab-<pid>-<n>-<role>}. */
    private static final Pattern NAMESPACE_NAME = Pattern.compile("loomlab-(\\d+)-\\d+-[a-z0-9]+");

    /** Its root-side links and bridge: {@code ll<pid>x<n><kind>}. */
    private static final Pattern LINK_NAME = Pattern.compile("ll(\\d+)x\\d+[a-z]\\d*");

    /**
     * A shell snippet that deletes every namespace and root-side link a lab made, given the lab's pid as {@code $1}
     * and the ip command as {@code $2} (empty: nothing to do): what the orphan guard runs once a lab died without
     * closing its namespaces. The names are those of this class; namespaces first, which takes their veth peers along.
     */
    public static String sweepScript() {
        return """
                if [ -n "$2" ]; then
                  for n in $("$2" netns list 2>/dev/null | cut -d ' ' -f 1 | grep "^loomlab-$1-"); do
                    "$2" netns pids "$n" 2>/dev/null | xargs -r kill -KILL 2>/dev/null
                    "$2" netns delete "$n" 2>/dev/null
                  done
                  for l in $("$2" -o link show 2>/dev/null | cut -d ' ' -f 2 | cut -d '@' -f 1 | tr -d ':' | grep "^ll$1x"); do "$2" link delete "$l" 2>/dev/null; done
                fi""";
    }

    /** The ip command's path, empty when this machine has none. */
    public static String ipCommand() {
        Path ip = ipBinary();
        return ip == null ? "" : ip.toString();
    }

    /** What a start-up sweep deleted, and the dead labs it came from. */
    public record Swept(List<String> namespaces, List<String> links, Set<Long> labs) {
        public boolean isEmpty() {
            return namespaces.isEmpty() && links.isEmpty();
        }
    }

    /**
     * Deletes the namespaces, bridges and links left by labs whose pid is no longer running (killed before their
     * guard could sweep, or on a machine that lost its guard). Only names of this class's pattern whose pid is dead
     * are touched; a pid the kernel has since given to another process keeps its names, which is the safe side.
     * Needs root and the ip command; without them there is nothing the lab could have made.
     */
    public static Swept sweepOrphans() {
        Path ip = ipBinary();
        if (ip == null || uid() != 0) {
            return new Swept(List.of(), List.of(), Set.of());
        }
        Set<Long> dead = new TreeSet<>();
        List<String> namespaces = new ArrayList<>();
        for (String name : list()) {
            Matcher m = NAMESPACE_NAME.matcher(name);
            if (m.matches() && deadLab(m.group(1))) {
                dead.add(Long.parseLong(m.group(1)));
                tryRun(ip, List.of("netns", "delete", name));
                namespaces.add(name);
            }
        }
        List<String> links = new ArrayList<>();
        for (String line : tryRun(ip, List.of("-o", "link", "show")).lines().toList()) {
            String[] fields = line.split("\\s+");
            if (fields.length < 2) {
                continue;
            }
            String name = fields[1].replace(":", "").split("@")[0];
            Matcher m = LINK_NAME.matcher(name);
            if (m.matches() && deadLab(m.group(1))) {
                dead.add(Long.parseLong(m.group(1)));
                tryRun(ip, List.of("link", "delete", name));
                links.add(name);
            }
        }
        return new Swept(List.copyOf(namespaces), List.copyOf(links), Set.copyOf(dead));
    }

    private static boolean deadLab(String pid) {
        try {
            long p = Long.parseLong(pid);
            return p != ProcessHandle.current().pid() && ProcessHandle.of(p).map(h -> !h.isAlive()).orElse(true);
        } catch (NumberFormatException tooLong) {
            return false;
        }
    }

    private static String tryRun(Path ip, List<String> args) {
        try {
            return run(ip, args);
        } catch (RuntimeException e) {
            // Gone meanwhile (a veth goes with its namespace), or another lab's sweep got there first.
            return "";
        }
    }

    /** {@code ip ARGS}: its output, or an exception with its first line. */
    public static String run(Path ip, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(ip.toString());
        command.addAll(args);
        try {
            ShortCommand.Result r = ShortCommand.run(command, Duration.ofSeconds(30), false);
            if (!r.ok()) {
                throw new IllegalStateException(String.join(" ", command) + ": " + r.output().strip().lines().findFirst().orElse("exit " + r.exitCode()));
            }
            return r.output();
        } catch (ShortCommand.Failed e) {
            throw new IllegalStateException(e.getMessage());
        }
    }

    public static Path ipBinary() {
        return IP_BINARIES.stream().filter(Files::isExecutable).findFirst().orElse(null);
    }

    /** The effective uid (owner of /proc/self), -1 if unknown. */
    public static int uid() {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        } catch (IOException | UnsupportedOperationException | ClassCastException e) {
            return -1;
        }
    }

    private LabNamespaces() {
    }
}
