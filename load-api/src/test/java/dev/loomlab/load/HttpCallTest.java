package dev.loomlab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** One request of a foreign service's mix: validated once, its placeholders filled with one draw per request. */
class HttpCallTest {

    private static HttpCall call(String method, String path, String body, Map<String, Draw> values) {
        return new HttpCall("order", method, path, Map.of("X-Item", "{id}"), body, 1, 200, null, values);
    }

    @Test
    void pathHeadersAndBodyShareOneDrawPerRequest() {
        HttpCall c = call("POST", "/orders/{id}", "{\"item\": {id}}", Map.of("id", Draw.of("5..9")));
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 500; i++) {
            Map<String, String> drawn = c.draw();
            String path = HttpCall.fill(c.path(), drawn);
            String id = path.substring("/orders/".length());
            assertThat(HttpCall.fill(c.body(), drawn)).isEqualTo("{\"item\": " + id + "}");
            assertThat(HttpCall.fill(c.headers().get("X-Item"), drawn)).isEqualTo(id);
            seen.add(id);
        }
        // a uniform draw of 5 values in 500 tries misses one with probability 5 * 0.8^500: never
        assertThat(seen).containsExactlyInAnyOrder("5", "6", "7", "8", "9");
    }

    @Test
    void aListIsDrawnFromAndOtherTextIsItsOwnOneItem() {
        assertThat(Draw.of(List.of("red", "green"))).isEqualTo(new Draw.OneOf(List.of("red", "green")));
        assertThat(Draw.of("blue")).isEqualTo(new Draw.OneOf(List.of("blue")));
        assertThat(Draw.of("-3..3")).isEqualTo(new Draw.Range(-3, 3));
        assertThatThrownBy(() -> Draw.of("9..1")).hasMessage("values: the range 9..1 is empty");
    }

    @Test
    void aRequestThatCannotBeSentAsWrittenIsRefused() {
        assertThatThrownBy(() -> call("GET", "/orders/{id}", null, Map.of()))
                .hasMessage("requests.order: {id} has no entry in its values");
        assertThatThrownBy(() -> call("GET", "/orders", "{}", Map.of("id", Draw.of("1..2"))))
                .hasMessage("requests.order.body: needs a method with a body (POST, PUT or PATCH), got GET");
        assertThatThrownBy(() -> call("GET", "orders", null, Map.of("id", Draw.of("1..2"))))
                .hasMessage("requests.order.path must start with / and hold no spaces or control characters, got 'orders'");
        assertThatThrownBy(() -> new HttpCall("order", "TRACE", "/", Map.of(), null, 1, 200, null, Map.of()))
                .hasMessageStartingWith("requests.order.method: unsupported 'TRACE'");
        assertThatThrownBy(() -> new HttpCall("order", "GET", "/", Map.of(), null, 0, 200, null, Map.of()))
                .hasMessage("requests.order.weight must be between 1 and 1000, got 0");
        assertThatThrownBy(() -> new HttpCall("order", "GET", "/", Map.of(), null, 1, 42, null, Map.of()))
                .hasMessage("requests.order.status must be an HTTP status (100-599), got 42");
        assertThatThrownBy(() -> new HttpCall("9 lives", "GET", "/", Map.of(), null, 1, 200, null, Map.of()))
                .hasMessageStartingWith("requests: name must be a word");
    }

    @Test
    void aLineBreakOrControlCharacterInAHeaderOrADrawnValueIsRefusedOnOneLineWithoutTheHeadersValue() {
        assertThatThrownBy(() -> new HttpCall("item", "GET", "/items", Map.of("Authorization", "Bearer s3cr3t\r\nX-Injected: yes"), null, 1,
                200, null, Map.of()))
                .hasMessage("requests.item.headers.Authorization: its value holds a line break or control character at character 14"
                        + " (one header per line: give each header its own entry)")
                .hasMessageNotContaining("s3cr3t");
        assertThatThrownBy(() -> new HttpCall("item", "GET", "/items", Map.of("X-A\nB", "1"), null, 1, 200, null, Map.of()))
                .hasMessage("requests.item.headers: 'X-A\\nB' is not a header name (letters, digits and !#$%&'*+.^_`|~-)");
        assertThatThrownBy(() -> Draw.of(List.of("red", "green\r\nX-Injected: yes")))
                .hasMessage("values: an item holds a line break or control character: 'green\\r\\nX-Injected: yes'");
        assertThatThrownBy(() -> new HttpCall("item", "GET", "/items\r\nHost: evil", Map.of(), null, 1, 200, null, Map.of()))
                .hasMessage("requests.item.path must start with / and hold no spaces or control characters, got '/items\\r\\nHost: evil'");
        // a tab is allowed in a header value, as HTTP allows it
        assertThat(new HttpCall("item", "GET", "/items", Map.of("X-Note", "a\tb"), null, 1, 200, null, Map.of()).headers()).containsEntry("X-Note", "a\tb");
    }
}
