import io.fastpath.RedisClient;

public class QuickStart {
    public static void main(String[] args) {
        try (RedisClient redis = RedisClient.create("redis://localhost:6379")) {
            redis.set("greeting", "hello");
            String value = redis.get("greeting");
            System.out.println(value);                                   // hello
            System.out.println(redis.async().get("greeting").join());   // the same commands, async
        }
    }
}
