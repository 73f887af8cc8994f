#!/usr/bin/env python3
"""Lists core's public internal types that nothing outside their own package names (issue 29, item 4).

Usage: scripts/dev/find-package-private.py <repo-root> [--apply]

A type under core's io.fastpath.internal.* is a candidate when no source file of another package, in any module
(main or test, benchmarks and docs included), names it: by import, by fully qualified name, or by its simple name in
a file that imports its whole package. --apply drops `public` from the candidates' top-level declarations; build
afterwards, since a type can still be reached without being named (a public method's return type used by `var` or
in a chained call elsewhere), and put `public` back on any the compiler asks for.
"""
import os
import re
import sys

SKIPPED_DIRS = {".git", "target", "node_modules"}
# Public although never named elsewhere: reached without its name (a lambda's functional interface, a return type)
STAYS_PUBLIC = {"io.fastpath.internal.connection.ReplyHook"}
INTERNAL = "core/src/main/java/io/fastpath/internal"


def java_files(root):
    for directory, folders, files in os.walk(root):
        folders[:] = [f for f in folders if f not in SKIPPED_DIRS]
        for name in files:
            if name.endswith((".java", ".md")):
                yield os.path.join(directory, name)


def package_of(text):
    match = re.search(r"^package\s+([\w.]+)\s*;", text, re.M)
    return match.group(1) if match else None


def public_internal_types(root):
    """(package, simple name, path) of each public top-level type in core's internal packages."""
    found = []
    for directory, _, files in os.walk(os.path.join(root, INTERNAL)):
        for name in files:
            if not name.endswith(".java") or name in ("package-info.java", "module-info.java"):
                continue
            path = os.path.join(directory, name)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            simple = name[:-5]
            if re.search(r"^public\s+(?:(?:abstract|final|sealed|non-sealed|static)\s+)*(?:class|interface|enum|record|@interface)\s+"
                         + simple + r"\b", text, re.M):
                found.append((package_of(text), simple, path))
    return found


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    if len(args) != 1:
        raise SystemExit(__doc__)
    root = os.path.abspath(args[0])
    types = public_internal_types(root)
    needed = set()
    for path in java_files(root):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        own = package_of(text) if path.endswith(".java") else None
        wildcards = set(re.findall(r"^import\s+([\w.]+)\.\*\s*;", text, re.M))
        for package, simple, _ in types:
            if package == own or (package, simple) in needed:
                continue
            if re.search(r"\b" + re.escape(package) + r"\." + simple + r"\b", text):
                needed.add((package, simple))
            elif package in wildcards and re.search(r"\b" + simple + r"\b", text):
                needed.add((package, simple))
    # module-info's qualified export keeps a whole package's API: its public types stay public
    with open(os.path.join(root, "core/src/main/java/module-info.java"), encoding="utf-8") as f:
        exported = set(re.findall(r"exports\s+([\w.]+)\s+to", f.read()))
    candidates = [(p, s, path) for p, s, path in types if (p, s) not in needed and p not in exported
                  and f"{p}.{s}" not in STAYS_PUBLIC]
    for package, simple, path in sorted(candidates):
        print(f"{package}.{simple}")
    print(f"{len(candidates)} of {len(types)} public internal types are named only inside their package",
          file=sys.stderr)
    if "--apply" in argv:
        for _, simple, path in candidates:
            with open(path, encoding="utf-8") as f:
                text = f.read()
            text = re.sub(r"^public\s+((?:(?:abstract|final|sealed|non-sealed|static)\s+)*(?:class|interface|enum|record|@interface)\s+"
                          + simple + r"\b)", r"\1", text, count=1, flags=re.M)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
