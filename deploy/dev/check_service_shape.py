#!/usr/bin/env python3
"""The structure check (`make lint`): every service made by `make new-service` still has the shape of
its template (deploy/templates/service, docs/service-shape.md).

The template's own files are the list: each (with the service's names filled in) must exist, except
the template's example (`notes`: its table, its SQL and its migration), which a service replaces by
its own — at least one migration with `up.sql` and `down.sql`. `lib.rs` must declare the template's
modules and `Cargo.toml` keep the `testkit` feature and the one `api` test binary (STYLE §9).

The services checked are those of deploy/dev/fleet.txt (the ones `make new-service` registers);
the older services (bazi-engine, identity, fortune-gen, notify) came before the template.
Standard library only; exits 1 listing every difference.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "deploy" / "templates" / "service"
EXAMPLE = "notes"


def fleet() -> list[str]:
    names = []
    for line in (ROOT / "deploy" / "dev" / "fleet.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.append(line.split()[0])
    return names


def expected_files(name: str) -> list[Path]:
    snake = name.replace("-", "_")
    out = []
    for source, target in [(TEMPLATE / "crate", ROOT / "services" / name), (TEMPLATE / "k8s", ROOT / "k8s" / "base" / name)]:
        for path in sorted(source.rglob("*")):
            relative = str(path.relative_to(source))
            if path.is_dir() or EXAMPLE in relative or relative.startswith("migrations/"):
                continue
            out.append(target / relative.replace("{{snake}}", snake).replace("{{name}}", name))
    out.append(ROOT / "proto" / "meguri" / snake / "v1" / f"{snake}.proto")
    out.append(ROOT / "docs" / "services" / f"{name}.md")
    return out


def template_modules() -> list[str]:
    text = (TEMPLATE / "crate" / "src" / "lib.rs").read_text()
    return re.findall(r"^pub mod (\w+);", text, re.MULTILINE)


def problems_of(name: str) -> list[str]:
    problems = [f"{name}: missing {p.relative_to(ROOT)}" for p in expected_files(name) if not p.is_file()]
    crate = ROOT / "services" / name
    migrations = [d for d in (crate / "migrations").glob("*") if d.is_dir()]
    if not migrations:
        problems.append(f"{name}: no migration under services/{name}/migrations")
    for d in migrations:
        for sql in ("up.sql", "down.sql"):
            if not (d / sql).is_file():
                problems.append(f"{name}: migration {d.name} has no {sql}")
    lib = crate / "src" / "lib.rs"
    if lib.is_file():
        declared = set(re.findall(r"^pub mod (\w+);", lib.read_text(), re.MULTILINE))
        for module in template_modules():
            if module not in declared:
                problems.append(f"{name}: src/lib.rs does not declare `pub mod {module};`")
    cargo = crate / "Cargo.toml"
    if cargo.is_file():
        text = cargo.read_text()
        if not re.search(r"^testkit = \[", text, re.MULTILINE):
            problems.append(f"{name}: Cargo.toml has no `testkit` feature")
        if len(re.findall(r"^\[\[test\]\]", text, re.MULTILINE)) != 1 or 'name = "api"' not in text:
            problems.append(f"{name}: Cargo.toml must have exactly one [[test]], named api")
    return problems


def main() -> int:
    services = fleet()
    problems = [p for name in services for p in problems_of(name)]
    if problems:
        print("the services differ from the template's shape (deploy/templates/service):")
        for p in problems:
            print(f"  - {p}")
        return 1
    print(f"{len(services)} services have the template's shape ({', '.join(services)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
