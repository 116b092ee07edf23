package dev.loomlab.lab.load.agents;

import java.util.ArrayList;
import java.util.List;

/**
 * How the lab reaches one load agent: over SSH, as {@code destination} on {@code port} with {@code options} (a run's
 * own key and known hosts for a namespace; the user's own configuration for a real machine).
 *
 * @param label      how results and errors name it ({@code netns 10.231.7.11}, {@code ssh://bob@load1})
 * @param agent      the plan's agent
 * @param onThisHost whether its processes run on this machine (a namespace), where the lab can see their PIDs
 */
public record AgentHost(String label, LoadAgent agent, String destination, int port, List<String> options, boolean onThisHost) {

    public AgentHost {
        options = List.copyOf(options);
    }

    /** A real machine: the user's own keys, agent and known hosts; never a prompt. */
    public static AgentHost of(LoadAgent.Ssh ssh) {
        return new AgentHost(ssh.spelling(), ssh, ssh.destination(), ssh.port(), List.of(), false);
    }

    /**
     * {@code ssh} running {@code remoteCommand} (one shell command line) on the agent, with {@code extra} options
     * first (port forwards). BatchMode: a missing key or an unknown host fails at once instead of asking.
     */
    public List<String> ssh(List<String> extra, String remoteCommand) {
        List<String> command = new ArrayList<>(List.of("ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=15",
                "-o", "ServerAliveInterval=5", "-o", "ServerAliveCountMax=3", "-o", "LogLevel=ERROR"));
        command.addAll(options);
        command.addAll(extra);
        command.addAll(List.of("-p", String.valueOf(port), destination, remoteCommand));
        return command;
    }

    /** {@code text} as one word of a POSIX shell command line. */
    public static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
