/**
 * The commands: {@link io.fastpath.command.CommandBuilder} and its per-group builders, the sealed
 * {@link io.fastpath.command.Command} they build, argument types ({@code *Args}, ranges, offsets), reply types
 * ({@link io.fastpath.command.Reply}, entries, scores, pages) and the views generated from the builders
 * ({@code <Group>Commands} blocking, {@code <Group>AsyncCommands} returning futures).
 *
 * <p>The client that sends them, its options, exceptions and events are in {@link io.fastpath}.
 */
package io.fastpath.command;
