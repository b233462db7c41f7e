#!/usr/bin/env python3
"""`make new-service NAME=<name>`: a new gRPC service with the shape of docs/service-shape.md.

In one step it:
  * copies deploy/templates/service/ into services/<name>/ (crate), proto/meguri/<snake>/v1/ (its
    proto) and k8s/base/<name>/ (kustomization + GrpcService values for k8s/components/grpc-service);
  * registers it where the fleet is listed: the workspace members (Cargo.toml), k8s/base's
    resources, both overlays' images, the network policies of the schema-owning services,
    deploy/dev/fleet.txt (so `make dev` starts it), its list of stable codes in meguri-status (so the
    gateway's message-table test covers it) and its row in docs/configuration.md;
  * picks the first free gRPC port from 50052 up (admin port = gRPC port - 40960, as 50056/9096).

NAME: lowercase letters, digits and single hyphens, starting with a letter; not an existing
service or crate. Then: `cargo build -p <name>`, `cargo nextest run -p <name>`, `make dev`.
Standard library only.
"""

from __future__ import annotations

import datetime
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "deploy" / "templates" / "service"
RESERVED = {"gateway", "proto", "lib", "frontend", "deploy", "docs", "k8s", "services", "test", "tests"}


def fail(message: str) -> None:
    sys.exit(f"new-service: {message}")


def validate(name: str) -> None:
    if not re.fullmatch(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*", name) or len(name) > 40:
        fail(f"`{name}` is not a service name: lowercase letters, digits and single hyphens, starting with a letter")
    if name.startswith("meguri") or name in RESERVED:
        fail(f"`{name}` is reserved")
    taken = {p.parent.name for p in (ROOT / "services").glob("*/Cargo.toml")}
    taken |= {p.parent.name for p in (ROOT / "services" / "lib").glob("*/Cargo.toml")}
    snake = name.replace("-", "_")
    if name in taken or (ROOT / "k8s" / "base" / name).exists() or (ROOT / "proto" / "meguri" / snake).exists():
        fail(f"`{name}` exists already")
    if re.search(rf'^name = "{re.escape(name)}"$', "\n".join(p.read_text() for p in ROOT.glob("**/Cargo.toml") if "target" not in p.parts), re.M):
        fail(f"a crate named `{name}` exists already")


def ports() -> tuple[int, int]:
    used = set()
    for values in (ROOT / "k8s" / "base").glob("*/service.yaml"):
        used |= {int(p) for p in re.findall(r"(?:grpcPort|adminPort):\s*(\d+)", values.read_text())}
    for grpc in range(50052, 50100):
        if grpc not in used and grpc - 40960 not in used:
            return grpc, grpc - 40960
    fail("no free port between 50052 and 50099")
    raise AssertionError


def edit(path: Path, change) -> None:
    """Applies `change` (text -> text) to `path`, failing loudly when it changes nothing."""
    text = path.read_text()
    new = change(text)
    if new == text:
        fail(f"could not register the service in {path.relative_to(ROOT)} (its layout changed?)")
    path.write_text(new)


def insert_after_block(text: str, header: str, line: str) -> str:
    """Adds `line` at the end of the indented block that follows the line `header`."""
    lines = text.split("\n")
    start = lines.index(header)
    end = start + 1
    while end < len(lines) and (lines[end].startswith(" ") or lines[end].startswith("\t")):
        end += 1
    return "\n".join(lines[:end] + [line] + lines[end:])


def register(name: str, snake: str, pascal: str, screaming: str, grpc: int, admin: int) -> None:
    # Workspace members: after the last `services/…` member that sorts before it.
    def members(text: str) -> str:
        entries = re.findall(r'^    "(services/[^"]+)",$', text, re.M)
        before = [e for e in entries if e < f"services/{name}" and not e.startswith("services/lib/")]
        anchor = f'    "{before[-1]}",' if before else '    "proto",'
        return text.replace(anchor + "\n", f'{anchor}\n    "services/{name}",\n', 1)

    edit(ROOT / "Cargo.toml", members)

    k8s = ROOT / "k8s"
    edit(k8s / "base" / "kustomization.yaml", lambda t: re.sub(r"(\n  - notify\n)", rf"\1  - {name}\n", t, count=1))
    for overlay in ("dev", "prod"):
        def image(text: str) -> str:
            tag = re.search(r"^    newTag: (\S+)$", text, re.M)
            entry = f"  - name: {name}\n    newName: registry.example/meguri/{name}\n    newTag: {tag.group(1) if tag else 'dev'}"
            return insert_after_block(text, "images:", entry)

        edit(k8s / "overlays" / overlay / "kustomization.yaml", image)

    def policies(text: str) -> str:
        docs = text.split("\n---\n")
        for i, doc in enumerate(docs):
            if "name: stateful-services-" not in doc:
                continue
            doc = re.sub(r"values: \[identity, fortune-gen, billing, notify([^\]]*)\]", rf"values: [identity, fortune-gen, billing, notify\1, {name}]", doc)
            if "name: stateful-services-ingress" in doc:
                grpc_ports = re.findall(r"^          port: (500\d\d)$", doc, re.M)
                admin_ports = re.findall(r"^          port: (90\d\d)$", doc, re.M)
                for last, port in ((grpc_ports[-1], grpc), (admin_ports[-1], admin)):
                    doc = re.sub(
                        rf"^          port: {last}$",
                        f"          port: {last}\n        - protocol: TCP\n          port: {port}",
                        doc,
                        count=1,
                        flags=re.M,
                    )
            docs[i] = doc
        return "\n---\n".join(docs)

    edit(k8s / "components" / "network-policy" / "network-policy.yaml", policies)

    edit(ROOT / "deploy" / "dev" / "fleet.txt", lambda t: t.rstrip("\n") + f"\n{name:<15} {snake}\n")

    status = ROOT / "services" / "lib" / "meguri-status" / "src" / "lib.rs"
    edit(
        status,
        lambda t: t.replace(
            "    /// Every service's list, by service name.\n",
            f"    /// {name}.\n    pub const {screaming}: &[&str] = &[\"UNAUTHENTICATED\", SERVICE_UNAVAILABLE, INTERNAL_ERROR];\n\n"
            "    /// Every service's list, by service name.\n",
            1,
        ).replace('        ("bazi-engine", BAZI_ENGINE),\n', f'        ("bazi-engine", BAZI_ENGINE),\n        ("{name}", {screaming}),\n', 1),
    )

    doc = ROOT / "docs" / "configuration.md"
    row = (
        f"| `{name}` | `services/{name}/` | the {name} service over gRPC (see services/{name}/README.md); "
        f"subcommands `provision`, `migrate` | gRPC `{grpc}`, admin HTTP `{admin}` |"
    )
    edit(doc, lambda t: re.sub(r"(^\| `notify` \| `services/notify/` \|.*$)", lambda m: m.group(1) + "\n" + row, t, count=1, flags=re.M))


def main() -> int:
    if len(sys.argv) != 2 or not sys.argv[1]:
        fail("usage: make new-service NAME=<name>  (lowercase letters, digits, hyphens)")
    name = sys.argv[1]
    validate(name)
    snake = name.replace("-", "_")
    pascal = "".join(part.capitalize() for part in name.split("-"))
    screaming = snake.upper()
    grpc, admin = ports()
    values = {
        "name": name,
        "snake": snake,
        "Pascal": pascal,
        "SCREAMING": screaming,
        "grpc_port": str(grpc),
        "admin_port": str(admin),
        "date": datetime.date.today().isoformat(),
    }

    def fill(text: str) -> str:
        return re.sub(r"\{\{(\w+)\}\}", lambda m: values[m.group(1)], text)

    targets = {
        TEMPLATE / "crate": ROOT / "services" / name,
        TEMPLATE / "k8s": ROOT / "k8s" / "base" / name,
    }
    for source, target in targets.items():
        for path in sorted(source.rglob("*")):
            if path.is_dir():
                continue
            out = target / fill(str(path.relative_to(source)))
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(fill(path.read_text()))
    proto = ROOT / "proto" / "meguri" / snake / "v1" / f"{snake}.proto"
    proto.parent.mkdir(parents=True)
    proto.write_text(fill((TEMPLATE / "proto" / "service.proto").read_text()))

    try:
        register(name, snake, pascal, screaming, grpc, admin)
    except SystemExit:
        for target in [*targets.values(), proto.parent.parent]:
            shutil.rmtree(target, ignore_errors=True)
        raise

    # The templates are formatted for a short name; rustfmt settles line lengths and import order.
    subprocess.run(["cargo", "fmt", "-p", name], cwd=ROOT, check=False)
    print(f"new-service: services/{name} (gRPC {grpc}, admin {admin}, schema {snake}) is ready.")
    print(f"  cargo build -p {name} && cargo nextest run -p {name}   # the generated health test")
    print("  make dev                                        # starts it with the fleet (deploy/dev/fleet.txt)")
    print("  make k8s-check && python3 deploy/dev/check_docs.py")
    print("Then: write its page docs/services/<name>.md and replace the example Ping and notes table.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
