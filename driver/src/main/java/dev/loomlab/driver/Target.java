package dev.loomlab.driver;

import dev.loomlab.load.TargetHost;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * The URL under load, split the way Hyperfoil wants it (host, port, path with query).
 * {@code http://} or {@code https://} (HTTP/1.1 either way). Unless remote targets are explicitly allowed, the host
 * must be local by the rule the lab keeps too ({@link TargetHost}): every address it resolves to a
 * loopback one. The lab hands {@code allowRemoteTarget} to a driver whose target it judged its own
 * (a namespace it made) or that the user allowed.
 */
record Target(String url, boolean https, String host, int port, String pathAndQuery) {

    static Target parse(String url, boolean allowRemote) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("invalid --url '" + url + "': " + e.getMessage());
        }
        String scheme = uri.getScheme();
        if (scheme == null || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))) {
            throw new IllegalArgumentException("--url must be an http:// or https:// URL, got '" + url + "'");
        }
        boolean https = scheme.equalsIgnoreCase("https");
        String host = uri.getHost();
        if (host == null || host.isEmpty()) {
            throw new IllegalArgumentException("--url has no host: '" + url + "'");
        }
        if (uri.getRawUserInfo() != null) {
            throw new IllegalArgumentException("--url must not contain user info: '" + url + "'");
        }
        TargetHost.check(host, allowRemote, address -> false, "");
        int port = uri.getPort() != -1 ? uri.getPort() : https ? 443 : 80;
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        if (uri.getRawQuery() != null) {
            path = path + "?" + uri.getRawQuery();
        }
        String hyperfoilHost = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        return new Target(url, https, hyperfoilHost, port, path);
    }
}
