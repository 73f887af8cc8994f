package io.fastpath.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.testkit.RedisServerExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.dao.DataAccessException;
import org.springframework.data.geo.Circle;
import org.springframework.data.geo.Distance;
import org.springframework.data.geo.GeoResults;
import org.springframework.data.geo.Metrics;
import org.springframework.data.geo.Point;
import org.springframework.data.redis.connection.RedisGeoCommands.GeoLocation;
import org.springframework.data.redis.connection.stream.MapRecord;
import org.springframework.data.redis.connection.stream.StreamOffset;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.RedisOperations;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.core.SessionCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.PatternTopic;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;

/** RedisTemplate as applications write it, on Fastpath's factory against a real redis-server. */
class RedisTemplateIT {
    @RegisterExtension
    static final RedisServerExtension SERVER = RedisServerExtension.standalone();

    private static FastpathConnectionFactory factory;
    private static StringRedisTemplate template;

    @BeforeAll
    static void startFactory() {
        factory = new FastpathConnectionFactory(() -> RedisClient.builder().uri(SERVER.server().uri()).clientName("template-it"));
        factory.afterPropertiesSet();
        template = new StringRedisTemplate(factory);
    }

    @AfterAll
    static void stopFactory() {
        factory.destroy();
    }

    @BeforeEach
    void flush() {
        SERVER.server().call("FLUSHALL");
    }

    @Test
    void valueListHashSetAndSortedSetOperations() {
        template.opsForValue().set("greeting", "hello", Duration.ofMinutes(1));
        assertThat(template.opsForValue().get("greeting")).isEqualTo("hello");
        assertThat(template.getExpire("greeting")).isBetween(1L, 60L);
        assertThat(template.opsForValue().setIfAbsent("greeting", "again")).isFalse();
        assertThat(template.opsForValue().increment("visits", 5)).isEqualTo(5L);
        template.opsForValue().multiSet(Map.of("m1", "a", "m2", "b"));
        assertThat(template.opsForValue().multiGet(List.of("m1", "m2", "none"))).containsExactly("a", "b", null);

        template.opsForList().rightPushAll("list", "a", "b", "c");
        assertThat(template.opsForList().range("list", 0, -1)).containsExactly("a", "b", "c");
        assertThat(template.opsForList().leftPop("list")).isEqualTo("a");
        assertThat(template.opsForList().rightPop("list", Duration.ofSeconds(1))).isEqualTo("c");

        template.opsForHash().putAll("user:1", Map.of("name", "Ada", "lang", "en"));
        assertThat(template.opsForHash().entries("user:1")).containsEntry("name", "Ada").hasSize(2);
        assertThat(template.opsForHash().increment("user:1", "logins", 1)).isEqualTo(1L);

        template.opsForSet().add("tags", "x", "y", "z");
        assertThat(template.opsForSet().members("tags")).containsExactlyInAnyOrder("x", "y", "z");
        assertThat(template.opsForSet().isMember("tags", "y")).isTrue();

        template.opsForZSet().add("board", "ann", 10);
        template.opsForZSet().add("board", "bob", 20);
        assertThat(template.opsForZSet().reverseRange("board", 0, 0)).containsExactly("bob");
        assertThat(template.opsForZSet().rangeWithScores("board", 0, -1)).extracting(t -> t.getScore()).containsExactly(10.0, 20.0);
        assertThat(template.opsForZSet().incrementScore("board", "ann", 15)).isEqualTo(25.0);
    }

    @Test
    void streamGeoAndHyperLogLogOperations() {
        template.opsForStream().add(MapRecord.create("events", Map.of("type", "login")));
        template.opsForStream().add(MapRecord.create("events", Map.of("type", "logout")));
        List<MapRecord<String, Object, Object>> read = template.opsForStream().read(StreamOffset.fromStart("events"));
        assertThat(read).extracting(record -> record.getValue().get("type")).containsExactly("login", "logout");
        assertThat(template.opsForStream().size("events")).isEqualTo(2L);
        assertThat(template.opsForStream().info("events").streamLength()).isEqualTo(2L);

        template.opsForGeo().add("cities", new Point(13.361389, 38.115556), "Palermo");
        template.opsForGeo().add("cities", new Point(15.087269, 37.502669), "Catania");
        Distance distance = template.opsForGeo().distance("cities", "Palermo", "Catania", Metrics.KILOMETERS);
        assertThat(distance.getValue()).isBetween(166.0, 167.0);
        GeoResults<GeoLocation<String>> near = template.opsForGeo().radius("cities",
                new Circle(new Point(15, 37), new Distance(200, Metrics.KILOMETERS)));
        assertThat(near.getContent()).extracting(result -> result.getContent().getName()).containsExactlyInAnyOrder("Palermo", "Catania");

        template.opsForHyperLogLog().add("visitors", "a", "b", "c", "a");
        assertThat(template.opsForHyperLogLog().size("visitors")).isEqualTo(3L);
    }

    @Test
    void keyScansScriptsAndDeletes() {
        for (int i = 0; i < 120; i++) {
            template.opsForValue().set("session:" + i, "v");
        }
        List<String> scanned = new ArrayList<>();
        try (Cursor<String> cursor = template.scan(ScanOptions.scanOptions().match("session:*").count(40).build())) {
            cursor.forEachRemaining(scanned::add);
        }
        assertThat(scanned).hasSize(120).doesNotHaveDuplicates();
        assertThat(template.keys("session:1?")).hasSize(10);
        assertThat(template.delete(Set.copyOf(scanned))).isEqualTo(120L);

        RedisScript<Long> script = RedisScript.of("return redis.call('INCRBY', KEYS[1], ARGV[1])", Long.class);
        assertThat(template.execute(script, List.of("counter"), "4")).isEqualTo(4L);
        assertThat(template.execute(script, List.of("counter"), "3")).isEqualTo(7L);
    }

    @Test
    void aSessionCallbackTransactionWithWatchCommitsAndReturnsItsResults() {
        template.opsForValue().set("stock", "10");
        List<Object> results = template.execute(new SessionCallback<>() {
            @Override
            @SuppressWarnings({"unchecked", "rawtypes"})
            public List<Object> execute(RedisOperations operations) throws DataAccessException {
                operations.watch("stock");
                int stock = Integer.parseInt((String) operations.opsForValue().get("stock"));
                operations.multi();
                operations.opsForValue().set("stock", Integer.toString(stock - 1));
                operations.opsForValue().increment("sold");
                return operations.exec();
            }
        });
        assertThat(results).containsExactly(true, 1L);
        assertThat(template.opsForValue().get("stock")).isEqualTo("9");
    }

    @Test
    void executePipelinedReturnsDeserializedResultsInOrder() {
        List<Object> results = template.executePipelined((org.springframework.data.redis.core.RedisCallback<Object>) connection -> {
            for (int i = 0; i < 100; i++) {
                connection.stringCommands().set(("p:" + i).getBytes(), ("v" + i).getBytes());
            }
            connection.stringCommands().get("p:42".getBytes());
            connection.stringCommands().incr("p:count".getBytes());
            return null;
        });
        assertThat(results).hasSize(102);
        assertThat(results.get(100)).isEqualTo("v42");
        assertThat(results.get(101)).isEqualTo(1L);
    }

    @Test
    void aListenerContainerReceivesChannelAndPatternMessages() throws Exception {
        BlockingQueue<String> received = new ArrayBlockingQueue<>(10);
        RedisMessageListenerContainer container = new RedisMessageListenerContainer();
        container.setConnectionFactory(factory);
        // the default 2 s for the first subscription (a new subscriber connection and its handshake) is tight on a
        // loaded 2-core CI machine; start() still returns as soon as the server confirmed every name
        container.setMaxSubscriptionRegistrationWaitingTime(30_000);
        // the container's default executor runs each message on its own thread, which may reorder them (seen on 3.5);
        // a synchronous one leaves the order the subscription delivered, which the assertion below is about. The
        // subscription itself blocks its thread (the SPI's contract), so it keeps a thread of its own.
        container.setSubscriptionExecutor(new org.springframework.core.task.SimpleAsyncTaskExecutor("template-it-subscription-"));
        container.setTaskExecutor(new org.springframework.core.task.SyncTaskExecutor());
        container.addMessageListener((message, pattern) -> received.add(new String(message.getChannel()) + "=" + new String(message.getBody())),
                List.of(new ChannelTopic("orders"), new PatternTopic("news.*")));
        container.afterPropertiesSet();
        container.start();
        try {
            template.convertAndSend("orders", "42");
            template.convertAndSend("orders", "43");
            template.convertAndSend("news.sport", "goal");
            List<String> messages = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                messages.add(received.poll(10, TimeUnit.SECONDS));
            }
            // each channel's messages in order; a channel's and a pattern's are separate subscriptions
            assertThat(messages).containsExactlyInAnyOrder("orders=42", "orders=43", "news.sport=goal");
            assertThat(messages.indexOf("orders=42")).isLessThan(messages.indexOf("orders=43"));
        } finally {
            container.stop();
            container.destroy();
        }
    }

    @Test
    void aTemplateLoopAndPipelinesOpenNoConnectionPerCommandOrPerPipeline() throws Exception {
        FastpathConnectionFactory counted = new FastpathConnectionFactory(
                () -> RedisClient.builder().uri(SERVER.server().uri()).clientName("count-it"));
        counted.afterPropertiesSet(); // the client's connections are open from here on
        StringRedisTemplate template = new StringRedisTemplate(counted);
        try (var admin = SERVER.server().admin()) {
            long receivedBefore = totalConnectionsReceived(admin);
            AtomicInteger maxOpen = new AtomicInteger();
            Thread sampler = new Thread(() -> {
                try (var sampling = SERVER.server().admin()) {
                    while (!Thread.currentThread().isInterrupted()) {
                        maxOpen.accumulateAndGet(openConnections(sampling), Math::max);
                    }
                } catch (RuntimeException stopped) {
                    // the sampler ends with the test
                }
            });
            sampler.start();
            for (int i = 0; i < 5_000; i++) {
                template.opsForValue().set("loop:" + (i % 100), "v" + i);
            }
            for (int batch = 0; batch < 50; batch++) {
                template.executePipelined((org.springframework.data.redis.core.RedisCallback<Object>) connection -> {
                    for (int i = 0; i < 200; i++) {
                        connection.stringCommands().set(("batch:" + i).getBytes(), "v".getBytes());
                    }
                    return null;
                });
            }
            sampler.interrupt();
            sampler.join();
            assertThat(maxOpen.get()).isBetween(1, 4); // connectionsPerNode, the default
            // the sampler's own connection is the only one the server accepted meanwhile
            assertThat(totalConnectionsReceived(admin) - receivedBefore).isEqualTo(1L);
            assertThat(openConnections(admin)).isEqualTo(4);
        } finally {
            counted.destroy();
        }
    }

    private static int openConnections(io.fastpath.testkit.RespClient admin) {
        String list = (String) admin.call("CLIENT", "LIST");
        return (int) list.lines().filter(line -> line.contains(" name=count-it ")).count();
    }

    private static long totalConnectionsReceived(io.fastpath.testkit.RespClient admin) {
        String stats = (String) admin.call("INFO", "stats");
        return stats.lines().filter(line -> line.startsWith("total_connections_received:"))
                .mapToLong(line -> Long.parseLong(line.substring(line.indexOf(':') + 1).trim())).findFirst().orElseThrow();
    }
}
