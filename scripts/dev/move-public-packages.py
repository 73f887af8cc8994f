#!/usr/bin/env python3
"""Moves the command types out of io.fastpath into io.fastpath.command (issue 29, item 4).

Usage: scripts/dev/move-public-packages.py <repo-root> [--check]

io.fastpath keeps the client, its options, exceptions, events and observability types; the command builders, their
argument and reply types, Command and the generated views live in io.fastpath.command. This script does the
mechanical part of that move, so that it can be applied again on top of branches written against the old names:

  1. git mv core's moved sources (and their unit tests named <Type>Test) into io/fastpath/command;
  2. rewrites their package declarations, every `io.fastpath.<Moved>` (imports, fully qualified names, Javadoc,
     Markdown) and every `io/fastpath/<Moved>.java` path, in all modules and in the Markdown files;
  3. adds the imports a file loses by the split: a file of package io.fastpath naming a moved type, a file of
     package io.fastpath.command naming a type that stayed, a file importing io.fastpath.* naming a moved type;
     and drops imports of a file's own package.

It is idempotent: run it again on a moved tree, or after merging a branch that still uses the old names, and it
finishes the job. With --check it changes nothing and exits 1 if anything still refers to an old location.
The hand-written part of the move (generator package, module-info, package-info, sealing) is a normal commit.
"""
import os
import re
import subprocess
import sys

OLD = "io.fastpath"
NEW = "io.fastpath.command"

# The hand-written types that move; the generated views (below) move with them.
MOVED = """
AsyncDispatcher AutoClaimed BitFieldArgs BitOperation BitUnit BitmapCommandBuilder BlockingCommandBuilder Command
CommandArguments CommandBuilder ExpireCondition FlushMode GenericCommandBuilder GeoAddArgs GeoCommandBuilder
GeoCoordinates GeoMember GeoResult GeoSearch GeoUnit GetExArgs HashCommandBuilder HyperLogLogCommandBuilder
InsertPosition KeyCommandBuilder KeyType KeyValue KeyedValues LPosArgs LexRange ListCommandBuilder ListSide
PendingEntry PendingRange PendingSummary PubSubCommandBuilder Reply ReplyText ScanArgs ScanIterator ScanPage
ScoreRange ScoredValue Script ScriptCommandBuilder ScriptFallback ServerCommandBuilder SetArgs SetCommandBuilder
SortedSetCommandBuilder StreamCommandBuilder StreamConsumerInfo StreamEntries StreamEntry StreamGroupCommandBuilder
StreamGroupInfo StreamOffset StreamReadArgs StreamTrim StringCommandBuilder SyncDispatcher XAddArgs ZAddArgs
ZRangeQuery ZStoreArgs
""".split()

INTERNAL = "io.fastpath.internal.command"
# The builders' validation helpers, shared with the client (WATCH, withCodec): public, in the unexported package.
TARGETS = {name: NEW for name in MOVED} | {"CommandArguments": INTERNAL}
MOVED = list(TARGETS)

SKIPPED_DIRS = {".git", "target", "node_modules", ".mvn"}
CORE_MAIN = "core/src/main/java/io/fastpath"
CORE_TEST = "core/src/test/java/io/fastpath"


def group_views(root):
    """The generated view names: <Group>Commands and <Group>AsyncCommands for each <Group>CommandBuilder."""
    views = set()
    for folder in (CORE_MAIN, CORE_MAIN + "/command"):
        path = os.path.join(root, folder)
        if not os.path.isdir(path):
            continue
        for name in os.listdir(path):
            match = re.fullmatch(r"(\w+)CommandBuilder\.java", name)
            if match and match.group(1) != "Generic":
                views.add(match.group(1) + "Commands")
                views.add(match.group(1) + "AsyncCommands")
    return views


def source_files(root):
    for directory, folders, files in os.walk(root):
        folders[:] = [f for f in folders if f not in SKIPPED_DIRS]
        for name in files:
            if name.endswith((".java", ".md", ".xml", ".kt", ".gradle", ".properties")):
                yield os.path.join(directory, name)


def move_files(root, check, problems):
    """git mv core's moved sources and their <Type>Test unit tests."""
    for folder, suffixes in ((CORE_MAIN, [""]), (CORE_TEST, ["Test"])):
        for name in MOVED:
            for suffix in suffixes:
                old = os.path.join(root, folder, name + suffix + ".java")
                target = os.path.join(folder, os.path.relpath(folder_of(TARGETS[name]), folder_of(OLD)))
                new = os.path.join(root, target, name + suffix + ".java")
                if not os.path.exists(old):
                    continue
                if check:
                    problems.append(f"{old}: still in {OLD}")
                    continue
                os.makedirs(os.path.dirname(new), exist_ok=True)
                if os.path.exists(new):
                    raise SystemExit(f"both {old} and {new} exist: merge them by hand")
                subprocess.run(["git", "-C", root, "mv", os.path.relpath(old, root), os.path.relpath(new, root)],
                               check=True)


def folder_of(package):
    return package.replace(".", "/")


def target_of(name):
    """Where a moved name lives now: its own entry, or the command package for a generated view."""
    return TARGETS.get(name, NEW)


def package_of(text):
    match = re.search(r"^package\s+([\w.]+)\s*;", text, re.M)
    return match.group(1) if match else None


def code_names(text):
    """The simple names a Java file uses: its code without string literals and comments, plus the names its Javadoc
    links to ({@link X}, @see X, @throws X), so an import is added only where the file really names the type."""
    links = re.findall(r"(?:\{@link(?:plain)?|@see|@throws|@exception)\s+([A-Z]\w*)", text)
    code = re.sub(r'"""[\s\S]*?"""', '""', text)
    code = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', code)
    code = re.sub(r"'(?:\\.|[^'\\\n])'", "''", code)
    code = re.sub(r"/\*[\s\S]*?\*/", " ", code)
    code = re.sub(r"//[^\n]*", " ", code)
    code = re.sub(r"^\s*(?:package|import)\s[^;]*;", " ", code, flags=re.M)
    # a name qualified by something else (other.pkg.Reply, Outer.Reply) is not this package's type
    code = re.sub(r"\b[a-z_]\w*(?:\.[a-z_]\w*)*\.[A-Z]\w*", " ", code)
    # Outer.Reply names Outer's member, not the package's Reply
    names = set(re.findall(r"(?<![\w.])([A-Z]\w*)", code))
    return names | set(links)


def declared_nested(text):
    """Types declared inside the file (a nested `Reply` shadows the package's)."""
    return set(re.findall(r"\b(?:class|interface|enum|record)\s+([A-Z]\w*)", text))


def imported_simple(text):
    return set(re.findall(r"^import\s+(?!static)[\w.]+\.(\w+)\s*;", text, re.M))


def add_imports(text, imports):
    """Adds `import X;` lines among the file's non-static imports, keeping them sorted."""
    if not imports:
        return text
    lines = text.split("\n")
    plain = [i for i, line in enumerate(lines) if re.match(r"import\s+(?!static)[\w.*]+\s*;", line)]
    new_lines = [f"import {name};" for name in sorted(imports)]
    if plain:
        first, last = plain[0], plain[-1]
        block = [line for line in lines[first:last + 1]]
        if all(re.match(r"import\s+(?!static)", line) or not line.strip() for line in block):
            merged = sorted(set(line for line in block if line.strip()) | set(new_lines), key=lambda s: s.rstrip(";"))
            return "\n".join(lines[:first] + merged + lines[last + 1:])
        return "\n".join(lines[:last + 1] + new_lines + lines[last + 1:])
    statics = [i for i, line in enumerate(lines) if re.match(r"import\s+static\s", line)]
    if statics:
        at = statics[-1] + 1
        return "\n".join(lines[:at] + [""] + new_lines + lines[at:])
    for i, line in enumerate(lines):
        if re.match(r"package\s", line):
            return "\n".join(lines[:i + 1] + [""] + new_lines + lines[i + 1:])
    return text


def stayed_types(root):
    path = os.path.join(root, CORE_MAIN)
    return {name[:-5] for name in os.listdir(path) if name.endswith(".java") and name[:-5] not in ("package-info",)
            and name[:-5] not in MOVED}


def rewrite(path, text, moved, stayed):
    names_alt = "|".join(sorted(moved, key=len, reverse=True))
    # 2. qualified names and paths, anywhere (code, Javadoc, Markdown, POMs)
    text = re.sub(r"\bio\.fastpath\.(" + names_alt + r")\b(?!\.java)", lambda m: target_of(m.group(1)) + "." + m.group(1),
                  text)
    text = re.sub(r"\bio/fastpath/(" + names_alt + r")(?=\.java|\.class|Test\.java)",
                  lambda m: folder_of(target_of(m.group(1))) + "/" + m.group(1), text)
    if not path.endswith(".java"):
        return text
    package = package_of(text)
    base = os.path.basename(path)[:-5]
    base = base[:-4] if base.endswith("Test") and base[:-4] in TARGETS else base
    is_moved = base in TARGETS and path.replace(os.sep, "/").endswith("/" + folder_of(TARGETS[base]) + "/"
                                                                      + os.path.basename(path))
    if package == OLD and is_moved:
        text = re.sub(r"^package\s+io\.fastpath\s*;", "package " + TARGETS[base] + ";", text, count=1, flags=re.M)
        package = TARGETS[base]
    if package is None:
        return text
    names = code_names(text) - declared_nested(text) - imported_simple(text)
    wildcard_old = re.search(r"^import\s+io\.fastpath\.\*\s*;", text, re.M) is not None
    wildcard_new = re.search(r"^import\s+io\.fastpath\.command\.\*\s*;", text, re.M) is not None
    wanted = set()
    if package in (OLD, NEW) or is_moved:
        # a moved type named by its simple name from its old package, or from the other side of the split
        wanted |= {target_of(n) + "." + n for n in names & moved if target_of(n) != package}
    if package == NEW or is_moved:
        wanted |= {OLD + "." + n for n in names & stayed}
    if wildcard_old and not wildcard_new and package != NEW and {n for n in names & moved if target_of(n) == NEW}:
        wanted.add(NEW + ".*")
    if package == NEW and wildcard_new:
        text = re.sub(r"^import\s+io\.fastpath\.command\.\*\s*;\n", "", text, flags=re.M)
    # an import of the file's own package is redundant
    text = re.sub(r"^import\s+" + re.escape(package) + r"\.[A-Z]\w*\s*;\n", "", text, flags=re.M)
    return add_imports(text, wanted)


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    check = "--check" in argv
    if len(args) != 1:
        raise SystemExit(__doc__)
    root = os.path.abspath(args[0])
    problems = []
    views = group_views(root)
    moved = set(MOVED) | views
    move_files(root, check, problems)
    stayed = stayed_types(root)
    me = os.path.abspath(__file__)
    for path in source_files(root):
        # the changelog's migration line names the old imports on purpose
        if os.path.abspath(path) == me or os.path.basename(path) == "CHANGELOG.md":
            continue
        with open(path, encoding="utf-8") as f:
            text = f.read()
        updated = rewrite(path, text, moved, stayed)
        if updated != text:
            if check:
                problems.append(f"{os.path.relpath(path, root)}: refers to an old location")
            else:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(updated)
    if check:
        for problem in problems:
            print(problem)
        print(f"{len(problems)} file(s) still refer to the old package" if problems else "package move complete")
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
