package dev.loomlab.load;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Everything one driver run needs: the lab writes it as JSON and the driver reads it ({@code --request FILE});
 * the driver's flags build the same record for a person running it by hand. Validated here, once, whoever
 * built it.
 *
 * @param url               the target; the driver refuses a non-loopback host unless {@code allowRemoteTarget}
 * @param method            GET, POST, PUT, DELETE, PATCH or HEAD
 * @param body              the request body, or null; POST, PUT and PATCH send an empty one when null
 * @param contentType       the body's Content-Type
 * @param window            warm-up and measured window ({@link Window#NONE} for a burst)
 * @param requestTimeout    a request unanswered after this long counts as a timeout; on the wire as {@code "timeout"}
 *                          text in the {@link Durations} grammar, like the window
 * @param maxSessions       open model: requests that may be in flight at once; null = the driver's default
 * @param connections       connections opened before the load; null = the driver's default
 * @param threads           the driver's event-loop threads; null = the driver's default
 * @param outDir            where the driver writes {@code NAME.hlog} and {@code NAME.driver.json}
 * @param name              the files' stem
 * @param startGate         several drivers' common start, or null to start as soon as connected: the driver, once its
 *                          connections are open, prints a {@code "ready"} progress line and waits for this file to hold
 *                          the epoch ms at which to start its phase
 * @param connectGate       a driver started before its target, or null: the driver builds its load, prints a
 *                          {@code "prepared"} progress line and opens its connections only once this file exists, so
 *                          that its JVM's start overlaps the server's instead of following it
 * @param calls             a foreign service's request mix, sent on {@code url}'s scheme, host and port instead of
 *                          {@code method} and {@code body}; empty for the one request on {@code url}
 * @param tls               whom an {@code https://} target's certificate must come from
 * @param spike             a step of the closed load inside the window and back, or null for a steady load: the driver
 *                          runs {@code factor} times the VUs' sessions and lets the extra ones send only during the step
 * @param ramp              a closed load's rise inside the window from {@code fromVus} to the workload's VUs, or null: the
 *                          driver runs the workload's VUs' sessions and lets session i send only from the second the ramp
 *                          reaches i + 1 VUs
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DriverRequest(
        String url,
        String method,
        String body,
        String contentType,
        Workload workload,
        Window window,
        @JsonIgnore Duration requestTimeout,
        Integer maxSessions,
        Integer connections,
        Integer threads,
        boolean allowRemoteTarget,
        String outDir,
        String name,
        String startGate,
        String connectGate,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<HttpCall> calls,
        @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = TlsTrust.Unsaid.class) TlsTrust tls,
        Spike spike,
        Ramp ramp) {

    public static final Set<String> METHODS = Set.of("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD");
    public static final String DEFAULT_CONTENT_TYPE = "application/json";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,199}");

    public DriverRequest {
        require("url", url);
        calls = calls == null ? List.of() : List.copyOf(calls);
        tls = tls == null ? TlsTrust.AUTHORITIES : tls;
        require("workload", workload);
        require("requestTimeout", requestTimeout);
        require("outDir", outDir);
        require("name", name);
        method = method == null ? "GET" : method.toUpperCase(Locale.ROOT);
        if (!METHODS.contains(method)) {
            throw new InvalidLoadException("method: unsupported '" + method + "' (allowed: GET, POST, PUT, DELETE, PATCH, HEAD)");
        }
        contentType = contentType == null ? DEFAULT_CONTENT_TYPE : contentType;
        if (body != null && (method.equals("GET") || method.equals("HEAD"))) {
            throw new InvalidLoadException("body: needs a method with a body (e.g. POST), got " + method);
        }
        if (body == null && (method.equals("POST") || method.equals("PUT") || method.equals("PATCH"))) {
            body = "";
        }
        if (workload instanceof Workload.Burst) {
            if (window == null) {
                window = Window.NONE;
            }
            if (!window.equals(Window.NONE)) {
                throw new InvalidLoadException("window: a burst has no warm-up and no window (it lasts until the last request completes)");
            }
            if (maxSessions != null) {
                throw new InvalidLoadException("maxSessions: does not apply to a burst (it uses one session per request)");
            }
        } else {
            require("window", window);
            if (window.measure().compareTo(Duration.ofSeconds(1)) < 0) {
                throw new InvalidLoadException("duration must be at least 1s (statistics are kept per second), got "
                        + Durations.format(window.measure()));
            }
        }
        if (spike != null) {
            requireSpikeFits(spike, workload, window);
        }
        if (ramp != null) {
            requireRampFits(ramp, spike, workload, window);
        }
        if (workload instanceof Workload.Closed && maxSessions != null) {
            throw new InvalidLoadException("maxSessions: applies to the open model only");
        }
        Durations.check("timeout", requestTimeout, Limits.MIN_REQUEST_TIMEOUT, Limits.maxRequestTimeout(workload));
        atLeastOne("maxSessions", maxSessions);
        atLeastOne("connections", connections);
        atLeastOne("threads", threads);
        if (!NAME.matcher(name).matches()) {
            throw new InvalidLoadException("name must be a file-name-safe word ([A-Za-z0-9._-], starting with a letter or digit), got '"
                    + name + "'");
        }
    }

    /** A request that starts as soon as the driver has connected. */
    public DriverRequest(String url, String method, String body, String contentType, Workload workload, Window window,
            Duration requestTimeout, Integer maxSessions, Integer connections, Integer threads, boolean allowRemoteTarget, String outDir,
            String name) {
        this(url, method, body, contentType, workload, window, requestTimeout, maxSessions, connections, threads, allowRemoteTarget, outDir,
                name, null, null, null, null, null, null);
    }

    /** The usual request: the driver's defaults for sessions, connections and threads, a loopback target. */
    public static DriverRequest of(String url, String method, Workload workload, Window window, Duration requestTimeout,
            String outDir, String name) {
        return new DriverRequest(url, method, null, null, workload, window, requestTimeout, null, null, null, false, outDir, name);
    }

    /** This request against a host the driver would refuse by default (a server in a namespace the lab made). */
    public DriverRequest allowingRemoteTarget() {
        return new DriverRequest(url, method, body, contentType, workload, window, requestTimeout, maxSessions, connections, threads,
                true, outDir, name, startGate, connectGate, calls, tls, spike, ramp);
    }

    /** This request, its phase started at the instant written into {@code gate} (see {@code startGate}). */
    public DriverRequest startingAt(String gate) {
        return new DriverRequest(url, method, body, contentType, workload, window, requestTimeout, maxSessions, connections, threads,
                allowRemoteTarget, outDir, name, gate, connectGate, calls, tls, spike, ramp);
    }

    /** This request, its connections opened only once {@code gate} exists (see {@code connectGate}). */
    public DriverRequest connectingWhen(String gate) {
        return new DriverRequest(url, method, body, contentType, workload, window, requestTimeout, maxSessions, connections, threads,
                allowRemoteTarget, outDir, name, startGate, gate, calls, tls, spike, ramp);
    }

    /** This request sending {@code mix} on the url's host instead of its one request, trusting {@code trust} for https. */
    public DriverRequest sending(List<HttpCall> mix, TlsTrust trust) {
        return new DriverRequest(url, method, body, contentType, workload, window, requestTimeout, maxSessions, connections, threads,
                allowRemoteTarget, outDir, name, startGate, connectGate, mix, trust, spike, ramp);
    }

    /**
     * This request with its closed load changed inside the window: stepped up by {@code step} and back, or rising by
     * {@code rise} (each null when not; both null: steady).
     */
    public DriverRequest shaped(Spike step, Ramp rise) {
        return new DriverRequest(url, method, body, contentType, workload, window, requestTimeout, maxSessions, connections, threads,
                allowRemoteTarget, outDir, name, startGate, connectGate, calls, tls, step, rise);
    }

    /**
     * A spike is a closed load's (its extra users wait at a gate; an open model's arrivals have no such gate here), placed
     * from the window's start, which a fixed warm-up fixes before the run, and inside the window.
     */
    private static void requireSpikeFits(Spike spike, Workload workload, Window window) {
        if (!(workload instanceof Workload.Closed)) {
            throw new InvalidLoadException("spike: steps a closed load (VUs); got " + workload.shape());
        }
        spike.during(workload);
        if (window.settles()) {
            throw new InvalidLoadException("spike: placed from the window's start, which a settling warm-up moves: give a fixed warmup");
        }
        if (spike.end().compareTo(window.measure()) >= 0) {
            throw new InvalidLoadException("spike: ends at " + Durations.format(spike.end()) + ", not inside the "
                    + Durations.format(window.measure()) + " window");
        }
    }

    /**
     * A ramp is a closed load's too (its users wait at a gate), rising from fewer VUs than the workload's, placed from the
     * window's start as a spike is, and over no longer than the window: its top is held to the window's end.
     */
    private static void requireRampFits(Ramp ramp, Spike spike, Workload workload, Window window) {
        if (!(workload instanceof Workload.Closed closed)) {
            throw new InvalidLoadException("ramp: raises a closed load (VUs); got " + workload.shape());
        }
        if (spike != null) {
            throw new InvalidLoadException("ramp: a load has one shape: a ramp or a spike, not both");
        }
        if (ramp.fromVus() >= closed.vus()) {
            throw new InvalidLoadException("ramp: rises from " + ramp.fromVus() + " VUs to the workload's " + closed.vus()
                    + ": from must be fewer");
        }
        if (window.settles()) {
            throw new InvalidLoadException("ramp: placed from the window's start, which a settling warm-up moves: give a fixed warmup");
        }
        if (ramp.over().compareTo(window.measure()) > 0) {
            throw new InvalidLoadException("ramp: over " + Durations.format(ramp.over()) + ", longer than the "
                    + Durations.format(window.measure()) + " window");
        }
    }

    @JsonCreator
    static DriverRequest fromJson(
            @JsonProperty(value = "url", required = true) String url,
            @JsonProperty("method") String method,
            @JsonProperty("body") String body,
            @JsonProperty("contentType") String contentType,
            @JsonProperty(value = "workload", required = true) Workload workload,
            @JsonProperty("window") Window window,
            @JsonProperty(value = "timeout", required = true) String timeout,
            @JsonProperty("maxSessions") Integer maxSessions,
            @JsonProperty("connections") Integer connections,
            @JsonProperty("threads") Integer threads,
            @JsonProperty("allowRemoteTarget") Boolean allowRemoteTarget,
            @JsonProperty(value = "outDir", required = true) String outDir,
            @JsonProperty(value = "name", required = true) String name,
            @JsonProperty("startGate") String startGate,
            @JsonProperty("connectGate") String connectGate,
            @JsonProperty("calls") List<HttpCall> calls,
            @JsonProperty("tls") TlsTrust tls,
            @JsonProperty("spike") Spike spike,
            @JsonProperty("ramp") Ramp ramp) {
        return new DriverRequest(url, method, body, contentType, workload, window, Durations.parse("timeout", timeout), maxSessions,
                connections, threads, Boolean.TRUE.equals(allowRemoteTarget), outDir, name, startGate, connectGate, calls, tls, spike, ramp);
    }

    @JsonProperty("timeout")
    String timeoutText() {
        return Durations.format(requestTimeout);
    }

    private static void require(String field, Object value) {
        if (value == null) {
            throw new InvalidLoadException(field + " is required");
        }
    }

    private static void atLeastOne(String field, Integer value) {
        if (value != null && value < 1) {
            throw new InvalidLoadException(field + " must be at least 1, got " + value);
        }
    }
}
