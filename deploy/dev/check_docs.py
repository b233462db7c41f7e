#!/usr/bin/env python3
"""Fails when the docs miss something the code has (part of `make lint`).

It finds, without building anything:
  * every environment variable read by the Rust sources (env::var and the config readers built on
    it), the scripts under deploy/ and .ci/ (`${NAME:-…}` and friends), the frontend's build and
    test configuration (`process.env.NAME`) and the Python tools (`os.environ.get("NAME")`);
  * every binary of the Cargo workspace ([[bin]] targets, src/main.rs, src/bin/*.rs);
  * every default port: each binary's own ports, and the ports inside a variable's default value.

and requires each to be documented in a table of docs/configuration.md: a variable or a binary
must be named in backticks in the first cell of a row; a port must appear in a row that names its
binary or its variable. For the fleet — every server binary, i.e. a binary built from a crate's
src/main.rs (each service and the gateway) — it also requires:
  * the binary in the table of README.md's "What runs" and of docs/architecture.md's "The fleet
    today" (the first table after that heading; planned services sit in another table);
  * a page docs/services/<binary>.md, linked from docs/README.md;
  * every variable its own crate reads outside tests (the crates nested in it included) in a table
    of that page, named the same way. The shared crates' variables (HOST, the ports,
    INTERNAL_JWT_SECRET, RUST_LOG, …) are documented once, in docs/configuration.md.
And every crate of the workspace in the README's Layout (the code block after "## Layout"), by its
path (`services/fleet-tests/`), its folder (`chat/`) or its package name (`meguri-clock`).
Standard library only; run it from anywhere. `--list` prints what it found.
"""

from __future__ import annotations

import functools
import os
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "configuration.md"


def use_root(root: Path) -> None:
    """Checks the tree at `root` instead of this checkout (the unit tests' small trees)."""
    global ROOT, DOC
    ROOT, DOC = root, root / "docs" / "configuration.md"
    workspace_members.cache_clear()

NAME = r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*"

# Rust: how configuration code reads a variable. The first argument of these calls is the name:
# env::var / var_os, the gateway's Env::raw / parse / flag, and meguri-server's `Env` that every
# service's config.rs reads through (read, raw, parse_or, addr, millis, number; lookup underneath).
RUST_READERS = {"var", "var_os", "raw", "parse", "flag", "parse_or", "read", "lookup", "addr", "millis", "number"}
# Calls with a SCREAMING_CASE first argument that are not environment reads (Redis commands, error
# codes, messages). A call that is in neither set, in a file that reads the environment, fails the
# check until it is classified here, so a new way of reading config cannot slip past unnoticed.
RUST_NOT_READERS = {"cmd", "arg", "expect", "coded_status", "Some", "Ok", "Err", "from", "new", "insert", "eq"}
# Set by Cargo for build scripts and `env!`, not configuration.
CARGO_SET = {"CARGO_MANIFEST_DIR", "OUT_DIR"}
# Shell variables written `${NAME:-…}` that are parameters between our own functions, not settings.
SHELL_INTERNAL = {"DB_ROLE"}
PY_READERS = {"get", "getenv", "env_default"}


@dataclass(frozen=True)
class Read:
    name: str
    where: str  # path:line
    ports: tuple[int, ...] = ()
    in_tests: bool = False


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def strip_rust_comments(src: str) -> str:
    """Blanks comments (keeping newlines and offsets) while leaving string literals intact."""
    out = list(src)
    i, n = 0, len(src)

    def blank(a: int, b: int) -> None:
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif src.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if src.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif src.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif c == "r" and re.match(r'r#*"', src[i:]) and (i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_")):
            hashes = re.match(r"r(#*)\"", src[i:]).group(1)
            end = src.find('"' + hashes, i + 2 + len(hashes))
            i = n if end < 0 else end + 1 + len(hashes)
        elif c == '"':
            j = i + 1
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            i = j + 1
        elif c == "'" and (src[i + 1 : i + 2] == "\\" or src[i + 2 : i + 3] == "'"):
            j = src.find("'", i + 2 + (src[i + 1] == "\\"))
            i = n if j < 0 else j + 1
        else:
            i += 1
    return "".join(out)


def statement(code: str, start: int) -> str:
    """The text from `start` to the end of its statement (a `;` at the same bracket depth)."""
    depth = 0
    for j in range(start, min(len(code), start + 1500)):
        ch = code[j]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth < 0:
                return code[start:j]
        elif ch == ";" and depth <= 0:
            return code[start:j]
    return code[start : start + 1500]


def ports_in(name: str, text: str) -> tuple[int, ...]:
    """Ports in a default: `host:PORT` inside a string, or a bare number for a *PORT / *ADDR setting."""
    found = {int(p) for p in re.findall(r"[\w\]]:(\d{2,5})\b", text)}
    if name.endswith(("PORT", "ADDR")):
        found |= {int(p) for p in re.findall(r"(?<![\w.:])(\d{2,5})(?:_u16)?\b", text)}
    return tuple(sorted(p for p in found if 1024 <= p <= 65535))


@functools.cache
def workspace_members() -> tuple[Path, ...]:
    manifest = tomllib.loads((ROOT / "Cargo.toml").read_text())
    return tuple(ROOT / m for m in manifest["workspace"]["members"])


def rust_files() -> list[Path]:
    files = []
    for member in workspace_members():
        for path in sorted(member.rglob("*.rs")):
            # a nested member (services/bazi-engine/server) is scanned as its own member
            if any(other != member and other in path.parents and member in other.parents for other in workspace_members()):
                continue
            files.append(path)
    return files


def test_start(path: Path, code: str) -> int:
    """Offset where test-only code begins: whole files under tests/ or named testkit.rs, else the
    first `#[cfg(test)]` (our test modules sit at the end of the file)."""
    if "tests" in path.relative_to(ROOT).parts or path.name == "testkit.rs":
        return 0
    m = re.search(r"#\[cfg\(test\)\]", code)
    return m.start() if m else len(code)


def rust_reads(problems: list[str]) -> tuple[list[Read], dict[Path, list[tuple[str, int]]]]:
    """Variables read by Rust code, and each member's own listening ports (from its config code)."""
    reads: list[Read] = []
    # (variable, a number or the name of a `const …: u16`) per crate, resolved below
    own_ports: dict[Path, list[tuple[str, str]]] = {}
    members = workspace_members()
    consts: dict[Path, dict[str, int]] = {}
    for path in rust_files():
        member = max((m for m in members if m in path.parents), key=lambda m: len(m.parts))
        code = strip_rust_comments(path.read_text())
        for m in re.finditer(r"const\s+(\w+)\s*:\s*u16\s*=\s*(\d+)", code):
            consts.setdefault(member, {})[m.group(1)] = int(m.group(2))
        tests_from = test_start(path, code)
        # A service's own ports: meguri_server::service_config(GRPC, ADMIN, …), with numbers or constants.
        for m in re.finditer(r"meguri_server::service_config\(\s*(\w+)\s*,\s*(\w+)\s*,", code[:tests_from]):
            own_ports.setdefault(member, []).extend([("GRPC_PORT", m.group(1)), ("ADMIN_PORT", m.group(2))])
        if not re.search(r"env::var|\bEnv\b|\blookup\(", code):
            continue
        for m in re.finditer(rf'(?<![\w!])((?:\w+::)*\w+)\s*\(\s*"({NAME})"', code):
            callee, name = m.group(1).split("::")[-1], m.group(2)
            where = f"{rel(path)}:{line_of(code, m.start())}"
            if callee in RUST_NOT_READERS:
                continue
            if callee not in RUST_READERS:
                problems.append(
                    f'{where}: `{callee}("{name}")` — is this an environment read? Classify `{callee}` in '
                    "RUST_READERS or RUST_NOT_READERS in deploy/dev/check_docs.py"
                )
                continue
            if callee in {"var", "var_os"} and not m.group(1).endswith(f"env::{callee}"):
                continue
            if name in CARGO_SET:
                continue
            in_tests = m.start() >= tests_from
            ports = () if in_tests else ports_in(name, statement(code, m.start()))
            reads.append(Read(name, where, ports, in_tests))
            if not in_tests and name in {"PORT", "GRPC_PORT", "ADMIN_PORT"} and ports:
                own_ports.setdefault(member, []).append((name, str(ports[0])))
    resolved: dict[Path, list[tuple[str, int]]] = {}
    for member, ports in own_ports.items():
        for var, value in ports:
            if value.isdigit():
                resolved.setdefault(member, []).append((var, int(value)))
            elif value in consts.get(member, {}):
                resolved.setdefault(member, []).append((var, consts[member][value]))
            else:
                problems.append(f"{rel(member)}: cannot resolve the default port `{value}` (not a `const …: u16` of the crate)")
    return reads, resolved


def binaries() -> dict[str, Path]:
    """Binary name → its crate directory."""
    found: dict[str, Path] = {}
    for member in workspace_members():
        manifest = tomllib.loads((member / "Cargo.toml").read_text())
        declared = manifest.get("bin", [])
        paths = set()
        for b in declared:
            found[b["name"]] = member
            paths.add(b.get("path", f"src/bin/{b['name']}.rs"))
        if (member / "src/main.rs").exists() and "src/main.rs" not in paths:
            found[manifest["package"]["name"]] = member
        for extra in sorted((member / "src/bin").glob("*.rs")):
            if str(extra.relative_to(member)) not in paths:
                found[extra.stem] = member
    return found


def main_binary(member: Path, bins: dict[str, Path]) -> str | None:
    """The binary whose config the member's code reads: the one at src/main.rs, else the only one."""
    manifest = tomllib.loads((member / "Cargo.toml").read_text())
    for b in manifest.get("bin", []):
        if b.get("path") == "src/main.rs":
            return b["name"]
    names = [b for b, m in bins.items() if m == member]
    return names[0] if len(names) == 1 else None


def walk(top: Path, suffixes: set[str]) -> list[Path]:
    """Files under `top` with one of the suffixes, skipping installed packages and build output."""
    skip = {"node_modules", "dist", "test-results", "playwright-report", "target", ".dev", ".git"}
    found = []
    for folder, dirs, files in os.walk(top):
        dirs[:] = [d for d in dirs if d not in skip and not d.startswith(".venv")]
        found += [Path(folder) / f for f in files if Path(f).suffix in suffixes]
    return sorted(found)


def script_reads() -> list[Read]:
    reads = []
    scripts = walk(ROOT / "deploy", {".sh"}) + [ROOT / ".ci" / "run"]
    for path in scripts:
        if not path.exists():
            continue
        text = path.read_text()
        for m in re.finditer(rf"\$\{{({NAME}):?[-=+?]([^}}]*)", text):
            name = m.group(1)
            if name in SHELL_INTERNAL:
                continue
            reads.append(Read(name, f"{rel(path)}:{line_of(text, m.start())}", ports_in(name, m.group(2))))
    for path in walk(ROOT / "frontend", {".js", ".mjs", ".ts", ".tsx", ".mts"}):
        text = path.read_text()
        for m in re.finditer(rf"process\.env(?:\.({NAME})\b|\[['\"]({NAME})['\"]\])(?!_)", text):
            name = m.group(1) or m.group(2)
            line_end = text.find("\n", m.end())
            rest = text[m.end() : line_end if line_end >= 0 else len(text)]
            reads.append(Read(name, f"{rel(path)}:{line_of(text, m.start())}", ports_in(name, rest)))
    for path in walk(ROOT / "deploy", {".py"}) + walk(ROOT / "services", {".py"}):
        if path.resolve() == Path(__file__).resolve():
            continue
        text = path.read_text()
        for m in re.finditer(rf"(?:\b(\w+)\(\s*|environ\[\s*)[\"']({NAME})[\"']", text):
            if m.group(1) is not None and m.group(1) not in PY_READERS:
                continue
            name = m.group(2)
            rest = statement(text, m.start()).split("\n")[0]
            reads.append(Read(name, f"{rel(path)}:{line_of(text, m.start())}", ports_in(name, rest)))
    return reads


# The table of the fleet on each overview page: the first table after this heading.
FLEET_TABLES = {"README.md": "## What runs", "docs/architecture.md": "## The fleet today"}


def doc_rows(page: Path | None = None, after: str | None = None) -> list[tuple[set[str], str]]:
    """Each table row of a page (docs/configuration.md unless named): the backticked names in its
    first cell, and its whole text. With `after`, only the first table after that heading line. A
    page that does not exist has none."""
    page = page or DOC
    if not page.exists():
        return []
    lines = page.read_text().splitlines()
    if after is not None:
        start = next((i + 1 for i, line in enumerate(lines) if line.strip() == after), len(lines))
        first = next((i for i in range(start, len(lines)) if lines[i].startswith("|")), len(lines))
        end = next((i for i in range(first, len(lines)) if not lines[i].startswith("|")), len(lines))
        lines = lines[first:end]
    rows = []
    for line in lines:
        if not line.startswith("|") or re.match(r"^\|[\s:|-]+\|?$", line):
            continue
        cells = line.split("|")
        first = cells[1] if len(cells) > 2 else ""
        rows.append((set(re.findall(r"`([^`]+)`", first)), line))
    return rows


def server_binaries() -> dict[str, Path]:
    """The fleet's processes: binary name → crate, for each crate with a src/main.rs (a service or
    the gateway; CLIs under src/bin/ are tools, not processes)."""
    found: dict[str, Path] = {}
    for member in workspace_members():
        if not (member / "src/main.rs").exists():
            continue
        manifest = tomllib.loads((member / "Cargo.toml").read_text())
        named = [b["name"] for b in manifest.get("bin", []) if b.get("path") == "src/main.rs"]
        found[named[0] if named else manifest["package"]["name"]] = member
    return found


def owner_of(path: Path, servers: dict[str, Path]) -> str | None:
    """The server binary whose crate (or a crate nested in it) holds `path`, if any."""
    owners = [(len(member.parts), name) for name, member in servers.items() if member in path.parents]
    return max(owners)[1] if owners else None


def table_names(page: Path, after: str | None = None) -> set[str]:
    return set().union(*(names for names, _ in doc_rows(page, after)))


def layout_problems() -> list[str]:
    """Every workspace crate named in the README's Layout block."""
    readme = ROOT / "README.md"
    text = readme.read_text() if readme.exists() else ""
    m = re.search(r"^## Layout\s*\n(?:.*\n)*?```[^\n]*\n(.*?)^```", text, re.M | re.S)
    block = m.group(1) if m else ""
    problems = []
    for member in workspace_members():
        package = tomllib.loads((member / "Cargo.toml").read_text())["package"]["name"]
        named = (
            f"{rel(member)}/" in block
            or re.search(rf"(?<![\w-]){re.escape(member.name)}/", block)
            or re.search(rf"(?<![\w-]){re.escape(package)}(?![\w-])", block)
        )
        if not named:
            problems.append(f"crate `{package}` ({rel(member)}) is not in the Layout of README.md")
    return problems


def fleet_problems(reads: list[Read]) -> list[str]:
    """The README, architecture, service-page and index rules for every server binary."""
    problems: list[str] = []
    servers = server_binaries()
    index = ROOT / "docs" / "README.md"
    index_text = index.read_text() if index.exists() else ""
    for page, heading in FLEET_TABLES.items():
        listed = table_names(ROOT / page, heading)
        for name in sorted(servers):
            if name not in listed:
                problems.append(f"binary `{name}` (crate {rel(servers[name])}) is not in the table under {heading!r} of {page}")
    for name in sorted(servers):
        page = ROOT / "docs" / "services" / f"{name}.md"
        if not page.exists():
            problems.append(f"binary `{name}` has no page {rel(page)}")
            continue
        if not re.search(rf"\]\((?:\./)?services/{re.escape(name)}\.md(?:#[^)]*)?\)", index_text):
            problems.append(f"{rel(page)} is not linked from {rel(index)}")
    missing: dict[tuple[str, str], set[str]] = {}
    pages: dict[str, set[str]] = {}
    for r in reads:
        if r.in_tests or not r.where.endswith(tuple("0123456789")):
            continue
        owner = owner_of(ROOT / r.where.rsplit(":", 1)[0], servers)
        if owner is None:
            continue
        page = ROOT / "docs" / "services" / f"{owner}.md"
        if not page.exists():
            continue
        if owner not in pages:
            pages[owner] = table_names(page)
        if r.name not in pages[owner]:
            missing.setdefault((owner, r.name), set()).add(r.where)
    for (owner, name), where in sorted(missing.items()):
        problems.append(
            f"variable `{name}` is read by {owner} ({', '.join(sorted(where))}) but not in a table of docs/services/{owner}.md"
        )
    return problems


def main() -> int:
    problems: list[str] = []
    reads, own_ports = rust_reads(problems)
    reads += script_reads()
    bins = binaries()
    rows = doc_rows()
    documented = set().union(*(names for names, _ in rows))

    def row_has_port(name: str, port: int) -> bool:
        return any(name in names and re.search(rf"(?<!\d){port}(?!\d)", text) for names, text in rows)

    missing_vars: dict[str, list[str]] = {}
    missing_ports: dict[tuple[str, int], list[str]] = {}
    for r in reads:
        if r.name not in documented:
            missing_vars.setdefault(r.name, []).append(r.where)
            continue
        for port in r.ports:
            if not row_has_port(r.name, port):
                missing_ports.setdefault((r.name, port), []).append(r.where)
    missing_bins = sorted(b for b in bins if b not in documented)
    for member, ports in sorted(own_ports.items()):
        binary = main_binary(member, bins)
        if binary is None:
            problems.append(f"{rel(member)}: reads ports but has no single binary to document them under")
            continue
        for var, port in ports:
            if binary in documented and not row_has_port(binary, port):
                missing_ports.setdefault((f"{binary}", port), []).append(f"{rel(member)} ({var})")

    for name, where in sorted(missing_vars.items()):
        problems.append(f"variable `{name}` is not documented (read at {', '.join(sorted(set(where)))})")
    for binary in missing_bins:
        problems.append(f"binary `{binary}` is not documented (crate {rel(bins[binary])})")
    for (name, port), where in sorted(missing_ports.items()):
        problems.append(f"default port {port} is not given in a row for `{name}` (from {', '.join(sorted(set(where)))})")
    problems += fleet_problems(reads)
    problems += layout_problems()

    if "--list" in sys.argv[1:]:
        for r in sorted(reads, key=lambda r: (r.name, r.where)):
            print(f"{r.name:32} {r.where}{'  ports ' + ','.join(map(str, r.ports)) if r.ports else ''}")
        for binary, member in sorted(bins.items()):
            ports = ", ".join(f"{var} {port}" for var, port in own_ports.get(member, []) if main_binary(member, bins) == binary)
            print(f"binary {binary:25} {rel(member)}  {ports}")
    counted = (
        f"{len({r.name for r in reads})} variables, {len(bins)} binaries ({len(server_binaries())} servers), "
        f"{sum(len(p) for p in own_ports.values())} own ports"
    )
    if problems:
        print(f"the docs are missing what the code has ({counted} checked):", file=sys.stderr)
        for p in problems:
            print(f"  - {p}", file=sys.stderr)
        return 1
    print(
        f"{rel(DOC)} documents every variable, binary and default port; README.md, docs/architecture.md, "
        f"docs/README.md and docs/services/ every server and the variables it reads ({counted})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
