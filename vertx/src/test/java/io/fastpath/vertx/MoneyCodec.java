package io.fastpath.vertx;

import io.fastpath.RedisCodec;
import java.nio.charset.StandardCharsets;

/**
 * A user's codec for the Vert.x codec-view tests: keys are {@link OrderId}s written as {@code order:<id>}, values
 * {@link Money} written as {@code <cents> <currency>}; anything else fails to decode.
 */
final class MoneyCodec implements RedisCodec<MoneyCodec.OrderId, MoneyCodec.Money> {
    static final MoneyCodec CODEC = new MoneyCodec();

    record OrderId(long id) {}

    record Money(long cents, String currency) {}

    @Override
    public byte[] encodeKey(OrderId key) {
        return ("order:" + key.id()).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public byte[] encodeValue(Money value) {
        return (value.cents() + " " + value.currency()).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public OrderId decodeKey(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (!text.startsWith("order:")) {
            throw new IllegalArgumentException("not an order key: " + text);
        }
        return new OrderId(Long.parseLong(text.substring("order:".length())));
    }

    @Override
    public Money decodeValue(byte[] bytes) {
        String[] parts = new String(bytes, StandardCharsets.UTF_8).split(" ");
        if (parts.length != 2 || parts[1].length() != 3) {
            throw new IllegalArgumentException("not an amount: " + new String(bytes, StandardCharsets.UTF_8));
        }
        return new Money(Long.parseLong(parts[0]), parts[1]);
    }
}
