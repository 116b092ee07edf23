package dev.loomlab.driver;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * The URL under load, split the way Hyperfoil wants it (host, port, path with query).
 * Only plain {@code http://} is supported. Unless remote targets are explicitly allowed, the host
 * must be a loopback address: {@code localhost}, {@code 127.0.0.0/8} or {@code [::1]}. The check is
 * purely lexical, so no name is ever resolved for a target that is refused.
 */
record Target(String url, String host, int port, String pathAndQuery) {

    static Target parse(String url, boolean allowRemote) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("invalid --url '" + url + "': " + e.getMessage());
        }
        String scheme = uri.getScheme();
        if (scheme == null || !scheme.equalsIgnoreCase("http")) {
            throw new IllegalArgumentException("--url must be an http:// URL, got '" + url + "'");
        }
        String host = uri.getHost();
        if (host == null || host.isEmpty()) {
            throw new IllegalArgumentException("--url has no host: '" + url + "'");
        }
        if (uri.getRawUserInfo() != null) {
            throw new IllegalArgumentException("--url must not contain user info: '" + url + "'");
        }
        if (!allowRemote && !isLoopback(host)) {
            throw new IllegalArgumentException("target host '" + host + "' is not a loopback address "
                    + "(localhost, 127.0.0.0/8, [::1]); pass --allow-remote-target to load a remote host");
        }
        int port = uri.getPort() == -1 ? 80 : uri.getPort();
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        if (uri.getRawQuery() != null) {
            path = path + "?" + uri.getRawQuery();
        }
        String hyperfoilHost = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        return new Target(url, hyperfoilHost, port, path);
    }

    static boolean isLoopback(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        if (h.equals("localhost") || h.equals("localhost.")) {
            return true;
        }
        if (h.equals("::1") || h.equals("0:0:0:0:0:0:0:1")) {
            return true;
        }
        String[] parts = h.split("\\.", -1);
        if (parts.length != 4 || !parts[0].equals("127")) {
            return false;
        }
        for (String p : parts) {
            if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(Character::isDigit) || Integer.parseInt(p) > 255) {
                return false;
            }
        }
        return true;
    }
}
