package io.fastpath;

/**
 * A command's keys hash to different cluster slots and the command cannot be split: it fails before
 * anything is sent. Put the keys under one {@code {hashtag}} to keep them in one slot.
 */
public class RedisCrossSlotException extends RedisArgumentException {
    private static final long serialVersionUID = 1L;

    public RedisCrossSlotException(String message) {
        super(message);
    }
}
