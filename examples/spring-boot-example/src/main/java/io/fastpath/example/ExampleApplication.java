package io.fastpath.example;

import java.util.List;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Seed 001's job as a Spring Boot application: {@code opsForValue().set} in a plain loop and with
 * {@code executePipelined}, on whatever factory Boot configures, which with the Fastpath starter on the classpath
 * is Fastpath's. Run it with {@code scripts/spring-example}, which starts a redis-server first.
 */
@SpringBootApplication
public class ExampleApplication {

    public static void main(String[] args) {
        SpringApplication.run(ExampleApplication.class, args).close();
    }

    @Bean
    CommandLineRunner rankingJob(StringRedisTemplate template, RedisConnectionFactory factory) {
        return args -> {
            int records = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
            System.out.println("connection factory: " + factory);
            long start = System.nanoTime();
            for (int i = 0; i < records; i++) {
                template.opsForValue().set("ranking:" + i, Integer.toString(i));
            }
            report("plain loop", records, start);
            start = System.nanoTime();
            List<Object> results = template.executePipelined((RedisCallback<Object>) connection -> {
                for (int i = 0; i < records; i++) {
                    connection.stringCommands().set(("ranking:" + i).getBytes(), Integer.toString(-i).getBytes());
                }
                return null;
            });
            report("executePipelined (" + results.size() + " results)", records, start);
            System.out.println("ranking:42 = " + template.opsForValue().get("ranking:42"));
        };
    }

    private static void report(String mode, int records, long startNanos) {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        System.out.printf("%-40s %,d SETs in %.2f s (%,.0f/s)%n", mode, records, seconds, records / seconds);
    }
}
