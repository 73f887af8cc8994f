package io.fastpath.codegen;

import io.fastpath.internal.command.CommandInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the core's {@code CommandTable.java} from a real server's {@code COMMAND} and {@code COMMAND DOCS}.
 *
 * <p>{@link #main} starts a throwaway {@code redis-server}, so the table always reflects the installed
 * server and never a copied spec file; {@link #generate} reads from any running server.
 */
public final class CommandTableGenerator {

    /** Where {@link #main} writes when given no argument, relative to the repository root. */
    public static final Path DEFAULT_OUTPUT =
            Path.of("core", "src", "main", "java", "io", "fastpath", "internal", "command", "CommandTable.java");

    private CommandTableGenerator() {}

    /** Usage: {@code CommandTableGenerator [output-path]}; run from the repository root. */
    public static void main(String[] args) throws IOException {
        Path output = args.length > 0 ? Path.of(args[0]) : DEFAULT_OUTPUT;
        if (output.getParent() != null && !Files.isDirectory(output.getParent())) {
            throw new IOException("no directory " + output.getParent().toAbsolutePath()
                    + "; run from the repository root or pass the output path");
        }
        String source;
        try (RedisProcess redis = RedisProcess.start()) {
            source = generate(redis.host(), redis.port());
        }
        Files.writeString(output, source, StandardCharsets.UTF_8);
        System.out.println("Wrote " + output + " (" + source.length() + " characters)");
    }

    /** The source text of {@code CommandTable.java} for the server at {@code host:port}. */
    public static String generate(String host, int port) throws IOException {
        try (RespSocket socket = RespSocket.connect(host, port)) {
            String version = serverVersion(socket);
            List<CommandInfo> commands = CommandReplyParser.parse(socket.call("COMMAND"), socket.call("COMMAND", "DOCS"));
            return CommandTableSource.render(version, commands);
        }
    }

    /** The {@code redis_version} field of {@code INFO server}. */
    static String serverVersion(RespSocket socket) throws IOException {
        Object info = socket.call("INFO", "server");
        if (info instanceof String text) {
            for (String line : text.split("\r\n")) {
                if (line.startsWith("redis_version:")) {
                    return line.substring("redis_version:".length()).trim();
                }
            }
        }
        throw new IOException("INFO server has no redis_version: " + info);
    }
}
