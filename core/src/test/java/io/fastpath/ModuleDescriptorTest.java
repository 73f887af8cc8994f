package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.net.URL;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What the module descriptor lets other modules use: io.fastpath to everyone, one internal package to fastpath-vertx
 * alone (a client on Vert.x's event loops, not public API), and epoll only if present.
 */
class ModuleDescriptorTest {

    private static ModuleDescriptor descriptor() throws IOException {
        // Beside RedisClient.class in core's own classes (other jars on the test class path have one too).
        String location = RedisClient.class.getResource("RedisClient.class").toString();
        URL descriptor = new URL(location.substring(0, location.length() - "io/fastpath/RedisClient.class".length()) + "module-info.class");
        try (InputStream in = descriptor.openStream()) {
            return ModuleDescriptor.read(in);
        }
    }

    @Test
    void onlyThePublicApiPackagesAreExportedToEveryoneAndNothingIsOpened() throws IOException {
        ModuleDescriptor module = descriptor();

        assertThat(module.name()).isEqualTo("io.fastpath");
        assertThat(module.exports()).filteredOn(export -> !export.isQualified())
                .extracting(ModuleDescriptor.Exports::source).containsExactlyInAnyOrder("io.fastpath", "io.fastpath.command");
        assertThat(module.exports()).filteredOn(ModuleDescriptor.Exports::isQualified)
                .extracting(export -> export.source() + " to " + export.targets())
                .containsExactly("io.fastpath.internal.hosted to [io.fastpath.vertx]");
        assertThat(module.opens()).isEmpty();
    }

    @Test
    void theEpollTransportIsAnOptionalRequirement() throws IOException {
        Set<String> optional = descriptor().requires().stream()
                .filter(requires -> requires.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC))
                .map(ModuleDescriptor.Requires::name).collect(Collectors.toSet());

        assertThat(optional).containsExactly("io.netty.transport.classes.epoll");
    }
}
