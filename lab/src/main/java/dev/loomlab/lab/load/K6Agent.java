package dev.loomlab.lab.load;

import dev.loomlab.lab.load.agents.AgentHost;
import dev.loomlab.lab.load.agents.UnixHttp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** A load agent under way: {@code api} is the socket its k6's REST API is forwarded to, in a folder only the lab's user enters. */
record K6Agent(int index, AgentHost host, Path api, Process ssh, Path log) {
    String name() {
        return "agent " + (index + 1) + " (" + host.label() + ")";
    }

    UnixHttp.Response status(String method, String body, Duration timeout) throws IOException {
        return UnixHttp.send(api, method, K6AgentApi.STATUS, body, timeout);
    }

    /** The last non-blank lines of its log, for a failure's reason. */
    String tail() {
        try {
            List<String> lines = Files.readAllLines(log).stream().filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
            return lines.isEmpty() ? "no output" : String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
        } catch (IOException e) {
            return "no output";
        }
    }
}
