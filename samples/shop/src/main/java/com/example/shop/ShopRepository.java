package com.example.shop;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Products, their stock and orders, in PostgreSQL through JDBC. */
@Repository
public class ShopRepository {
    private final JdbcClient jdbc;

    public ShopRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public Optional<Map<String, Object>> product(long id) {
        return jdbc.sql("select id, name, category, price_cents from product where id = :id").param("id", id)
                .query().listOfRows().stream().findFirst();
    }

    public List<Map<String, Object>> byCategory(String category, int limit) {
        return jdbc.sql("select id, name, price_cents from product where category = :category order by price_cents limit :limit")
                .param("category", category).param("limit", limit).query().listOfRows();
    }

    /**
     * The warehouse's stock, from its slow view: the query waits on the warehouse system (simulated by the
     * database's own sleep), holding its connection all along, as a slow report query does.
     */
    public Optional<Integer> stock(long productId) {
        return jdbc.sql("select s.quantity from stock s, pg_sleep(0.05) where s.product_id = :id").param("id", productId)
                .query(Integer.class).optional();
    }

    public long placeOrder(long productId, int quantity) {
        return jdbc.sql("insert into orders (product_id, quantity) values (:product, :quantity) returning id")
                .param("product", productId).param("quantity", quantity).query(Long.class).single();
    }
}
