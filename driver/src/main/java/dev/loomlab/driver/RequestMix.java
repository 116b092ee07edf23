package dev.loomlab.driver;

import dev.loomlab.load.HttpCall;
import dev.loomlab.load.TlsTrust;
import io.hyperfoil.api.config.ScenarioBuilder;
import io.hyperfoil.api.config.SequenceBuilder;
import io.hyperfoil.api.config.Step;
import io.hyperfoil.api.session.Session;
import io.hyperfoil.function.SerializableFunction;
import io.hyperfoil.http.api.HttpMethod;
import io.hyperfoil.http.config.HttpBuilder;
import io.hyperfoil.http.config.Protocol;
import io.hyperfoil.http.steps.HttpRequestStepBuilder;
import io.hyperfoil.http.steps.HttpStepCatalog;
import io.netty.buffer.ByteBufUtil;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

/**
 * A foreign service's request mix on Hyperfoil: each request its own sequence, and a step at the end of the
 * initial sequence that starts one of them, drawn by weight, so that every session iteration sends one request of
 * the mix exactly as the one-request load sends its one. Also how an https target is trusted.
 */
final class RequestMix {
    private RequestMix() {
    }

    /** The connection's scheme and whom its certificate must come from. */
    static void secure(HttpBuilder http, Target target, TlsTrust trust) {
        if (!target.https()) {
            return;
        }
        http.protocol(Protocol.HTTPS);
        // Hyperfoil believes any certificate unless given a trust store or certificate: the lab's default is the
        // JDK's own authorities, as every other https client on this machine would.
        switch (trust) {
            case TlsTrust.Insecure i -> { }
            case TlsTrust.Certificate c -> http.trustManager().certFile(Path.of(c.pemFile()).toAbsolutePath().toString());
            case TlsTrust.Authorities a -> http.trustManager().storeType("PKCS12").password("changeit")
                    .storeFile(Path.of(System.getProperty("java.home"), "lib", "security", "cacerts").toString());
        }
    }

    /** One sequence per request, and the drawing step appended to {@code initial}. */
    static void add(ScenarioBuilder scenario, SequenceBuilder initial, List<HttpCall> calls, Consumer<HttpRequestStepBuilder> handlers) {
        int[] cumulative = new int[calls.size()];
        int total = 0;
        for (int i = 0; i < calls.size(); i++) {
            HttpCall call = calls.get(i);
            total += call.weight();
            cumulative[i] = total;
            HttpRequestStepBuilder request = scenario.sequence(sequenceName(i))
                    .step(HttpStepCatalog.SC)
                    .httpRequest(HttpMethod.valueOf(call.method()))
                    .path(new DrawnPath(call))
                    // its own metric: its own latencies and outcomes beside the mix's (NAME.requests.driver.json)
                    .metric(call.name());
            if (call.body() != null) {
                String body = call.body();
                request.body((session, connection) -> ByteBufUtil.writeUtf8(connection.context().alloc(),
                        HttpCall.fill(body, DRAWN.get())));
            }
            Map<String, String> headers = call.headers();
            if (!headers.isEmpty()) {
                request.headerAppender((session, writer) -> headers.forEach((k, v) -> writer.putHeader(k, HttpCall.fill(v, DRAWN.get()))));
            }
            handlers.accept(request);
        }
        initial.step(new Pick(cumulative));
    }

    static String sequenceName(int index) {
        return "call-" + index;
    }

    /**
     * The values drawn for the request being written. Hyperfoil asks for a request's path, then its headers and body,
     * in one call on the session's event-loop thread, so the path's draw is the one its headers and body read.
     */
    private static final ThreadLocal<Map<String, String>> DRAWN = ThreadLocal.withInitial(Map::of);

    /** The path, drawing this request's values. */
    private record DrawnPath(HttpCall call) implements SerializableFunction<Session, String> {
        @Override
        public String apply(Session session) {
            Map<String, String> drawn = call.draw();
            DRAWN.set(drawn);
            return HttpCall.fill(call.path(), drawn);
        }
    }

    /** Starts one request's sequence, drawn by weight. */
    static final class Pick implements Step {
        private static final long serialVersionUID = 1L;
        private final int[] cumulative;

        Pick(int[] cumulative) {
            this.cumulative = cumulative.clone();
        }

        @Override
        public boolean invoke(Session session) {
            int r = ThreadLocalRandom.current().nextInt(cumulative[cumulative.length - 1]);
            int i = 0;
            while (cumulative[i] <= r) {
                i++;
            }
            session.startSequence(sequenceName(i), false, Session.ConcurrencyPolicy.FAIL);
            return true;
        }
    }
}
