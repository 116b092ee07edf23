insert into product (id, name, category, price_cents)
select i, 'product ' || i, 'category-' || (i % 20), 100 + (i * 37) % 9900 from generate_series(1, 1000) as i;
insert into stock (product_id, quantity) select id, (id * 13) % 500 from product;
