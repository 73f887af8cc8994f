import io.fastpath.RedisClient;

public class QuickStart {
    public static void main(String[] args) {
        try (RedisClient redis = RedisClient.create("redis://localhost:6379")) {   // one client, shared by all threads
            redis.set("greeting", "hello");
            System.out.println(redis.get("greeting"));                              // hello
            System.out.println(redis.incr("visits"));                               // 1, then 2 on the next run...
            redis.async().get("greeting").thenAccept(System.out::println).join();   // the same commands, async
        }
    }
}
