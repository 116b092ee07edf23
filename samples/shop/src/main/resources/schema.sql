drop table if exists orders;
drop table if exists stock;
drop table if exists product;
create table product (id bigint primary key, name text not null, category text not null, price_cents int not null);
create table stock (product_id bigint primary key references product (id), quantity int not null);
create table orders (id bigserial primary key, product_id bigint not null references product (id), quantity int not null,
                     placed_at timestamptz not null default now());
create index product_category on product (category, price_cents);
