package com.example.shop;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class ShopController {
    private final ShopRepository shop;
    /** When set, a write needs it in {@code X-Api-Key}: the till's key; reads stay open. */
    private final String apiKey;

    public ShopController(ShopRepository shop, @Value("${shop.api-key:}") String apiKey) {
        this.shop = shop;
        this.apiKey = apiKey;
    }

    /** Cheap: one row by its key. */
    @GetMapping("/products/{id}")
    public ResponseEntity<Map<String, Object>> product(@PathVariable long id) {
        return ResponseEntity.of(shop.product(id));
    }

    /** Medium: a sorted page of a category. */
    @GetMapping("/products")
    public List<Map<String, Object>> category(@RequestParam String category, @RequestParam(defaultValue = "20") int limit) {
        return shop.byCategory(category, Math.min(limit, 100));
    }

    /** Expensive: the warehouse's slow stock query. */
    @GetMapping("/products/{id}/stock")
    public ResponseEntity<Map<String, Object>> stock(@PathVariable long id) {
        return shop.stock(id).map(q -> ResponseEntity.ok(Map.<String, Object>of("productId", id, "quantity", q)))
                .orElse(ResponseEntity.notFound().build());
    }

    /**
     * CPU-heavy, no I/O: a quote signed by {@code rounds} rounds of SHA-256 over the product's id, a few milliseconds of
     * one core per request, so that neither thread model can raise the shop's capacity past its cores.
     */
    @GetMapping("/products/{id}/quote")
    public Map<String, Object> quote(@PathVariable long id, @RequestParam(defaultValue = "20000") int rounds) throws NoSuchAlgorithmException {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        byte[] digest = Long.toString(id).getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < Math.min(rounds, 1_000_000); i++) {
            digest = sha.digest(digest);
        }
        return Map.of("productId", id, "quote", HexFormat.of().formatHex(digest, 0, 8));
    }

    public record OrderRequest(long productId, int quantity) {
    }

    /** A write. */
    @PostMapping("/orders")
    public ResponseEntity<Map<String, Object>> order(@RequestBody OrderRequest order,
                                                     @RequestHeader(name = "X-Api-Key", required = false) String key) {
        if (!apiKey.isEmpty() && !apiKey.equals(key)) {
            return ResponseEntity.status(HttpStatus.UNAUTHORIZED).build();
        }
        if (order.quantity() < 1 || shop.product(order.productId()).isEmpty()) {
            return ResponseEntity.badRequest().build();
        }
        long id = shop.placeOrder(order.productId(), order.quantity());
        return ResponseEntity.status(HttpStatus.CREATED).body(Map.of("orderId", id));
    }
}
