package io.fastpath.internal.sentinel;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.command.Reply;
import io.fastpath.internal.connection.Endpoint;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Sentinel's replies in RESP3 (maps) and RESP2 (flat arrays) read alike. */
class SentinelRepliesTest {

    private static Reply bulk(String text) {
        return new Reply.BulkStringReply(text.getBytes(StandardCharsets.UTF_8));
    }

    private static Reply resp3(String... namesAndValues) {
        Map<Reply, Reply> map = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            map.put(bulk(namesAndValues[i]), bulk(namesAndValues[i + 1]));
        }
        return new Reply.MapReply(map);
    }

    private static Reply resp2(String... namesAndValues) {
        List<Reply> flat = new ArrayList<>();
        for (String word : namesAndValues) {
            flat.add(bulk(word));
        }
        return new Reply.ArrayReply(flat);
    }

    @Test
    void getMasterAddrByNameIsAnAddressOrNull() {
        assertThat(SentinelReplies.primaryAddress(new Reply.ArrayReply(List.of(bulk("10.0.0.1"), bulk("6380")))))
                .isEqualTo(new Endpoint("10.0.0.1", 6380));
        assertThat(SentinelReplies.primaryAddress(Reply.NullReply.INSTANCE)).isNull();
    }

    @Test
    void onlyReplicasThatAreUpConnectedAndLinkedToTheirPrimaryServeReads() {
        Reply replicas = new Reply.ArrayReply(List.of(
                resp3("ip", "127.0.0.1", "port", "1", "flags", "slave", "master-link-status", "ok"),
                resp2("ip", "127.0.0.1", "port", "2", "flags", "s_down,slave", "master-link-status", "ok"),
                resp3("ip", "127.0.0.1", "port", "3", "flags", "slave,disconnected", "master-link-status", "ok"),
                resp2("ip", "127.0.0.1", "port", "4", "flags", "slave", "master-link-status", "err"),
                resp2("ip", "127.0.0.1", "port", "5", "flags", "slave", "master-link-status", "ok")));
        assertThat(SentinelReplies.usableReplicas(replicas))
                .containsExactly(new Endpoint("127.0.0.1", 1), new Endpoint("127.0.0.1", 5));
    }

    @Test
    void theConfigurationEpochOfSentinelMasterIsReadFromEitherProtocol() {
        assertThat(SentinelReplies.configEpoch(resp3("name", "mymaster", "config-epoch", "7"))).isEqualTo(7);
        assertThat(SentinelReplies.configEpoch(resp2("name", "mymaster", "config-epoch", "3"))).isEqualTo(3);
        assertThat(SentinelReplies.configEpoch(resp2("name", "mymaster"))).isZero();
    }

    @Test
    void sentinelsAndRolesAreRead() {
        Reply sentinels = new Reply.ArrayReply(List.of(resp3("name", "abc", "ip", "127.0.0.1", "port", "26380", "flags", "sentinel")));
        assertThat(SentinelReplies.sentinels(sentinels)).containsExactly(new Endpoint("127.0.0.1", 26380));
        assertThat(SentinelReplies.role(new Reply.ArrayReply(List.of(bulk("slave"), bulk("127.0.0.1"))))).isEqualTo("slave");
        assertThat(SentinelReplies.role(new Reply.ArrayReply(List.of()))).isNull();
    }
}
