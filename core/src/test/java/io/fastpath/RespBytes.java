package io.fastpath;

/** How many bytes a command takes on the wire, for tests that watch a server or a proxy receive it. */
final class RespBytes {
    private RespBytes() {}

    /** The length of {@code words} (ASCII) sent as a RESP array of bulk strings, as the client writes a command. */
    static int of(String... words) {
        int length = ("*" + words.length + "\r\n").length();
        for (String word : words) {
            length += ("$" + word.length() + "\r\n" + word + "\r\n").length();
        }
        return length;
    }
}
