package dev.loomlab.lab.cli;

import dev.loomlab.lab.catalog.ServerCatalog;
import dev.loomlab.lab.os.LabNamespaces;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.load.InvalidLoadException;
import dev.loomlab.load.TargetHost;
import dev.loomlab.scenario.verify.Check;
import dev.loomlab.scenario.verify.ContractVerifier;
import dev.loomlab.scenario.verify.Verification;
import java.net.URI;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Check a running server against the scenario contract: every path, body shape, and 400 for bad parameters.")
public final class VerifyCommand implements Callable<Integer> {
    @Parameters(paramLabel = "URL", description = "the server's base URL, e.g. http://127.0.0.1:8080")
    String url;

    @Option(names = "--allow-remote-target", description = "allow a host outside 127.0.0.0/8")
    boolean allowRemote;

    @Override
    public Integer call() {
        checkTarget(url, allowRemote);
        Verification v = new ContractVerifier().verify(url);
        for (Check check : v.checks()) {
            System.out.println(check);
        }
        System.out.println("served by: " + ServerCatalog.current().threadKind(v.thread()) + " (" + v.thread() + ")");
        System.out.println(v.passed() ? "contract kept: " + v.checks().size() + " checks passed"
                : "contract broken: " + v.failures().size() + " of " + v.checks().size() + " checks failed");
        return v.passed() ? 0 : Loomlab.FAILED;
    }

    /** {@code url} as an http:// URL with a host; what it is for ({@code what}) names it in the one-line refusal. */
    static URI httpUrl(String url, String what) {
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new PlanException("not a URL: '" + url + "'");
        }
        if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
            throw new PlanException(what + " must be an http:// or https:// URL with a host, got '" + url + "'");
        }
        return uri;
    }

    /** Load and probes go to loopback (or the lab's own namespaces) only, unless the user says otherwise: {@link TargetHost}'s rule. */
    static void checkTarget(String url, boolean allowRemote) {
        URI uri = httpUrl(url, "the target");
        try {
            // A server in a network namespace the lab made on this machine (--topology split) is not remote.
            TargetHost.check(uri.getHost(), allowRemote, LabNamespaces::isLabAddress, "one of the lab's own namespaces");
        } catch (InvalidLoadException e) {
            throw new PlanException(e.getMessage());
        }
    }
}
