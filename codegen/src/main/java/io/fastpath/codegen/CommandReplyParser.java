package io.fastpath.codegen;

import io.fastpath.internal.command.CommandGroup;
import io.fastpath.internal.command.CommandInfo;
import io.fastpath.internal.command.KeySpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns the RESP2 replies of {@code COMMAND} and {@code COMMAND DOCS} into {@link CommandInfo} values.
 *
 * <p>Anything the runtime types cannot represent (an unknown flag, group, tip policy or key spec type)
 * fails here, so a newer server is noticed when the table is regenerated rather than misrouted later.
 */
final class CommandReplyParser {

    private CommandReplyParser() {}

    /** Every top-level command, each carrying its subcommands. */
    static List<CommandInfo> parse(Object commandReply, Object docsReply) {
        Map<String, Map<String, Object>> docsByName = new HashMap<>();
        collectDocs(asList(docsReply, "COMMAND DOCS reply"), docsByName);
        List<CommandInfo> commands = new ArrayList<>();
        for (Object entry : asList(commandReply, "COMMAND reply")) {
            commands.add(parseCommand(asList(entry, "COMMAND entry"), docsByName));
        }
        return commands;
    }

    private static void collectDocs(List<Object> flatDocs, Map<String, Map<String, Object>> docsByName) {
        for (int index = 0; index + 1 < flatDocs.size(); index += 2) {
            String name = asString(flatDocs.get(index), "COMMAND DOCS name");
            Map<String, Object> docs = asMap(flatDocs.get(index + 1), "COMMAND DOCS of " + name);
            docsByName.put(name.toLowerCase(Locale.ROOT), docs);
            Object subcommands = docs.get("subcommands");
            if (subcommands != null) {
                collectDocs(asList(subcommands, "subcommand docs of " + name), docsByName);
            }
        }
    }

    private static CommandInfo parseCommand(List<Object> entry, Map<String, Map<String, Object>> docsByName) {
        String serverName = asString(entry.get(0), "command name");
        String context = "command " + serverName;
        int flags = 0;
        for (Object flag : asList(entry.get(2), context + " flags")) {
            flags |= CommandInfo.flag(asString(flag, context + " flag"));
        }
        List<String> tips = new ArrayList<>();
        for (Object tip : asList(entry.get(7), context + " tips")) {
            String text = asString(tip, context + " tip");
            if (text.contains(" ")) {
                throw new IllegalArgumentException(context + " has a tip with a space: " + text);
            }
            tips.add(text);
        }
        List<KeySpec> keySpecs = new ArrayList<>();
        for (Object keySpec : asList(entry.get(8), context + " key specs")) {
            keySpecs.add(parseKeySpec(asMap(keySpec, context + " key spec"), context));
        }
        List<CommandInfo> subcommands = new ArrayList<>();
        for (Object subcommand : asList(entry.get(9), context + " subcommands")) {
            subcommands.add(parseCommand(asList(subcommand, context + " subcommand"), docsByName));
        }
        Map<String, Object> docs = docsByName.get(serverName.toLowerCase(Locale.ROOT));
        if (docs == null) {
            throw new IllegalArgumentException("COMMAND DOCS has no entry for " + serverName);
        }
        return new CommandInfo(
                serverName.toUpperCase(Locale.ROOT),
                asInt(entry.get(1), context + " arity"),
                flags,
                asInt(entry.get(3), context + " first key"),
                asInt(entry.get(4), context + " last key"),
                asInt(entry.get(5), context + " key step"),
                keySpecs,
                tips,
                CommandGroup.fromServerName(asString(docs.get("group"), context + " group")),
                asString(docs.get("since"), context + " since"),
                subcommands);
    }

    private static KeySpec parseKeySpec(Map<String, Object> keySpec, String context) {
        int flags = 0;
        for (Object flag : asList(keySpec.get("flags"), context + " key spec flags")) {
            flags |= KeySpec.flag(asString(flag, context + " key spec flag"));
        }
        Map<String, Object> beginSearch = asMap(keySpec.get("begin_search"), context + " begin_search");
        Map<String, Object> findKeys = asMap(keySpec.get("find_keys"), context + " find_keys");
        return KeySpec.spec(flags, parseBeginSearch(beginSearch, context), parseFindKeys(findKeys, context));
    }

    private static KeySpec.BeginSearch parseBeginSearch(Map<String, Object> beginSearch, String context) {
        String type = asString(beginSearch.get("type"), context + " begin_search type");
        Map<String, Object> spec = asMap(beginSearch.get("spec"), context + " begin_search spec");
        switch (type) {
            case "index":
                return KeySpec.index(asInt(spec.get("index"), context + " index"));
            case "keyword":
                return KeySpec.keyword(
                        asString(spec.get("keyword"), context + " keyword"),
                        asInt(spec.get("startfrom"), context + " startfrom"));
            case "unknown":
                return KeySpec.unknownBeginSearch();
            default:
                throw new IllegalArgumentException(context + " has an unknown begin_search type: " + type);
        }
    }

    private static KeySpec.FindKeys parseFindKeys(Map<String, Object> findKeys, String context) {
        String type = asString(findKeys.get("type"), context + " find_keys type");
        Map<String, Object> spec = asMap(findKeys.get("spec"), context + " find_keys spec");
        switch (type) {
            case "range":
                return KeySpec.range(
                        asInt(spec.get("lastkey"), context + " lastkey"),
                        asInt(spec.get("keystep"), context + " keystep"),
                        asInt(spec.get("limit"), context + " limit"));
            case "keynum":
                return KeySpec.keynum(
                        asInt(spec.get("keynumidx"), context + " keynumidx"),
                        asInt(spec.get("firstkey"), context + " firstkey"),
                        asInt(spec.get("keystep"), context + " keystep"));
            case "unknown":
                return KeySpec.unknownFindKeys();
            default:
                throw new IllegalArgumentException(context + " has an unknown find_keys type: " + type);
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Object> asList(Object value, String what) {
        if (value instanceof List<?>) {
            return (List<Object>) value;
        }
        throw new IllegalArgumentException(what + " is not an array: " + value);
    }

    /** RESP2 sends maps as flat key-value arrays. */
    private static Map<String, Object> asMap(Object value, String what) {
        List<Object> flat = asList(value, what);
        if (flat.size() % 2 != 0) {
            throw new IllegalArgumentException(what + " has an odd number of elements: " + flat);
        }
        Map<String, Object> map = new LinkedHashMap<>();
        for (int index = 0; index < flat.size(); index += 2) {
            map.put(asString(flat.get(index), what + " field name"), flat.get(index + 1));
        }
        return map;
    }

    private static String asString(Object value, String what) {
        if (value instanceof String text) {
            return text;
        }
        throw new IllegalArgumentException(what + " is not a string: " + value);
    }

    private static int asInt(Object value, String what) {
        if (value instanceof Long number) {
            return Math.toIntExact(number);
        }
        throw new IllegalArgumentException(what + " is not an integer: " + value);
    }
}
