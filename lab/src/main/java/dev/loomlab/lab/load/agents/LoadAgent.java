package dev.loomlab.lab.load.agents;

import dev.loomlab.lab.settings.PlanException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A machine that runs one instance of a cell's k6 test (its execution segment), as a plan names it: {@code netns} — a
 * network namespace of this machine in the split topology, reached over SSH like any host — or
 * {@code ssh://user@host[:port]}, a real machine the lab reaches with the user's own SSH keys and known hosts.
 */
public sealed interface LoadAgent {
    /** At most this many agents per cell. */
    int MAX = 16;

    /** How a plan spells it. */
    String spelling();

    /** A namespace of the split topology (the lab starts an sshd in it with a key made for the run). */
    record Namespace() implements LoadAgent {
        @Override
        public String spelling() {
            return "netns";
        }
    }

    /** A real machine; {@code port} 22 unless given. */
    record Ssh(String user, String host, int port) implements LoadAgent {
        @Override
        public String spelling() {
            return "ssh://" + user + "@" + (host.contains(":") ? "[" + host + "]" : host) + (port == 22 ? "" : ":" + port);
        }

        /** {@code user@host} for the ssh command (which takes an IPv6 address bare). */
        public String destination() {
            return user + "@" + host;
        }
    }

    // A user name as POSIX allows it; a host name or IPv4 literal, or an IPv6 literal in brackets.
    Pattern SSH = Pattern.compile("ssh://([a-z_][a-z0-9_.-]{0,31})@([A-Za-z0-9.-]{1,253}|\\[[0-9A-Fa-f:.]{2,45}])(?::(\\d{1,5}))?/?");

    /** One agent as a plan writes it; a {@link PlanException} with one line saying what is accepted. */
    static LoadAgent parse(String text) {
        String s = text.strip();
        if (s.equals("netns")) {
            return new Namespace();
        }
        Matcher m = SSH.matcher(s);
        if (!m.matches()) {
            throw new PlanException("agents: cannot read '" + text + "' as a load agent (netns, or ssh://user@host[:port])");
        }
        int port = m.group(3) == null ? 22 : Integer.parseInt(m.group(3));
        if (port < 1 || port > 65_535) {
            throw new PlanException("agents: port " + port + " of '" + text + "' is not between 1 and 65535");
        }
        String host = m.group(2).startsWith("[") ? m.group(2).substring(1, m.group(2).length() - 1) : m.group(2);
        return new Ssh(m.group(1), host, port);
    }

    /** The plan's list: a whole number N alone is N namespaces; otherwise each entry is one agent. */
    static List<LoadAgent> parseAll(List<String> items) {
        if (items.size() == 1 && items.getFirst().strip().matches("\\d{1,6}")) {
            int n = Integer.parseInt(items.getFirst().strip());
            if (n < 1 || n > MAX) {
                throw new PlanException("agents: between 1 and " + MAX + " agents, got " + n);
            }
            return Collections.nCopies(n, new Namespace());
        }
        if (items.size() > MAX) {
            throw new PlanException("agents: at most " + MAX + " agents, got " + items.size());
        }
        List<LoadAgent> out = new ArrayList<>();
        for (String item : items) {
            out.add(parse(item));
        }
        return List.copyOf(out);
    }

    /** How many of {@code agents} are namespaces of this machine. */
    static int namespaces(List<LoadAgent> agents) {
        return (int) agents.stream().filter(a -> a instanceof Namespace).count();
    }
}
