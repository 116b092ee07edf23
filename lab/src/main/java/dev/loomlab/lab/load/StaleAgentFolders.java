package dev.loomlab.lab.load;

import dev.loomlab.lab.load.agents.AgentHost;

/**
 * Removes the agent folders a lab killed by SIGKILL left on an agent host (its k6 binary, scripts, samples), as a
 * POSIX {@code sh} snippet sent over the agent's SSH: the host may be a remote machine, beyond the lab's orphan guard.
 * A folder goes only when it is certainly no live run's: its name is one {@code mktemp -d} made
 * ({@link #PREFIX}{@code XXXXXXXXXX}), it is a folder and not a symlink, owned by the SSH user (another local user's is
 * not ours to judge), no process works in it ({@code /proc/PID/cwd}), and its {@link #LEASE} — which a live run
 * renews at every use — is over an hour old (a folder killed before its lease was written: the folder itself).
 */
final class StaleAgentFolders {
    static final String PREFIX = "loomlab-agent-";
    /** The file a run touches in its agent folder at prepare, at every script pushed and at every launch. */
    static final String LEASE = "lease";
    /** Longer than any gap between two uses of a folder by a live run (a cell's k6 works in it meanwhile). */
    static final int STALE_MINUTES = 60;

    /*
     * $1 is the folder the agent folders are in (/tmp). A glob that matches nothing stays as written and fails -d.
     * find without -L judges a symlink as a link, never its target; -mmin and readlink are in GNU and busybox alike.
     * A user other than root cannot read other users' cwd, but only root could enter a 0700 folder of ours.
     */
    private static final String SCRIPT = """
            me=$(id -u)
            for d in "$1"/%1$s??????????; do
              case ${d##*/%1$s} in *[!A-Za-z0-9]*) continue;; esac
              [ -d "$d" ] && [ ! -L "$d" ] || continue
              [ -n "$(find "$d" -prune -type d -user "$me")" ] || continue
              age=$d
              [ -f "$d/%2$s" ] && [ ! -L "$d/%2$s" ] && age=$d/%2$s
              [ -n "$(find "$age" -prune -mmin +%3$d)" ] || continue
              busy=
              for c in /proc/[0-9]*/cwd; do
                w=$(readlink "$c" 2>/dev/null) || continue
                case $w in "$d"|"$d"/*) busy=1; break;; esac
              done
              [ -n "$busy" ] || rm -rf "$d"
            done
            exit 0
            """.formatted(PREFIX, LEASE, STALE_MINUTES);

    private StaleAgentFolders() {
    }

    /** One shell command line that sweeps {@code root}: what the lab runs on an agent host, with {@code /tmp}. */
    static String command(String root) {
        return "sh -c " + AgentHost.quote(SCRIPT) + " sh " + AgentHost.quote(root);
    }
}
