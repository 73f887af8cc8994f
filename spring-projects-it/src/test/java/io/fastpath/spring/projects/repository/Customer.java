package io.fastpath.spring.projects.repository;

import org.springframework.data.annotation.Id;
import org.springframework.data.redis.core.RedisHash;
import org.springframework.data.redis.core.TimeToLive;
import org.springframework.data.redis.core.index.Indexed;

/** A {@code @RedisHash} entity: a hash per customer, secondary indexes on the name and the city, and a time to live of its own. */
@RedisHash("customers")
public class Customer {
    @Id
    private String id;
    @Indexed
    private String name;
    @Indexed
    private String city;
    @TimeToLive
    private Long secondsToLive;

    public Customer() {
    }

    public Customer(String id, String name, String city, Long secondsToLive) {
        this.id = id;
        this.name = name;
        this.city = city;
        this.secondsToLive = secondsToLive;
    }

    public String getId() {
        return id;
    }

    public String getName() {
        return name;
    }

    public String getCity() {
        return city;
    }

    public Long getSecondsToLive() {
        return secondsToLive;
    }
}
