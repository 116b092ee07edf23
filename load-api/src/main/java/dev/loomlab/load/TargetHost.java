package dev.loomlab.load;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * The one rule for a load's target host, kept alike by the lab (before it starts anything) and by the driver (before
 * it sends anything): the host as the URL writes it is resolved as the engines will resolve it — an address literal
 * as it is, a name through the system's resolver — and it is local when every address it resolves to is a loopback
 * address (127.0.0.0/8, ::1) or one the caller counts as its own (the lab: the namespaces it made on this machine).
 * Anything else is remote, loaded only when remote targets are allowed. Deciding on the name as written instead
 * would let a name that resolves to another machine pass, and refuse a name that resolves to loopback.
 */
public final class TargetHost {
    private TargetHost() {
    }

    /** Every address {@code host} (as a URL writes it: an IPv6 literal in brackets) resolves to. */
    public static List<InetAddress> resolve(String host) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        try {
            return Arrays.asList(InetAddress.getAllByName(bare));
        } catch (UnknownHostException e) {
            throw new InvalidLoadException("unknown target host '" + host + "': it resolves to no address here");
        }
    }

    /** Whether {@code host} is local: all its addresses loopback or the caller's {@code own}. */
    public static boolean isLocal(String host, Predicate<InetAddress> own) {
        return resolve(host).stream().allMatch(a -> a.isLoopbackAddress() || own.test(a));
    }

    /**
     * Refuses a remote {@code host} unless {@code allowRemote}; {@code own} names the addresses the caller counts as
     * local besides loopback, {@code ownWords} says which in the refusal (empty: none). An allowed host is not
     * resolved here: an unknown one fails where the engine connects, with the engine's own words.
     */
    public static void check(String host, boolean allowRemote, Predicate<InetAddress> own, String ownWords) {
        if (allowRemote) {
            return;
        }
        List<InetAddress> addresses = resolve(host);
        List<InetAddress> remote = addresses.stream().filter(a -> !a.isLoopbackAddress() && !own.test(a)).toList();
        if (!remote.isEmpty()) {
            throw new InvalidLoadException("refusing target host '" + host + "': it resolves to "
                    + remote.stream().map(InetAddress::getHostAddress).toList() + ", not a loopback address (127.0.0.0/8, ::1)"
                    + (ownWords.isEmpty() ? "" : " nor " + ownWords) + "; pass --allow-remote-target to load a remote host");
        }
    }
}
