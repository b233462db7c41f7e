#!/usr/bin/env python3
"""No service crate depends on another service crate, in any section (normal, dev, build).

Services talk through meguri-proto (STYLE §6); tests that need several real services live in
services/fleet-tests, which is not a service. Run by `make lint`; reads `cargo metadata`.

A *service crate* is a workspace member under gateway/ or services/ whose binary is `src/main.rs`:
what a service is (a process with an entry point) and what `make new-service` generates. Library
crates (bazi-engine, whose CLI lives in src/bin/, fortune-reading, services/lib/*) and the fleet
tests (no binary) are not services. The list is derived, never written down, so a new service is
checked from its first commit.

Checked: each service's own dependencies of every kind, and what they build in through other
workspace crates (a shared library that pulled in a service would make every user of the library
depend on it; a library's own dev-dependencies are not followed).
A crate's dev-dependency on itself (`gateway = { path = ".", features = ["testkit"] }`) is fine.
"""

import json
import os
import subprocess
import sys


def metadata():
    out = subprocess.run(
        ["cargo", "metadata", "--format-version", "1"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out)


def is_service(package, root):
    manifest_dir = os.path.dirname(package["manifest_path"])
    rel = os.path.relpath(manifest_dir, root)
    if not (rel == "gateway" or rel.startswith("gateway" + os.sep) or rel.startswith("services" + os.sep)):
        return False
    main = os.path.normpath(os.path.join(manifest_dir, "src", "main.rs"))
    return any("bin" in t["kind"] and os.path.normpath(t["src_path"]) == main for t in package["targets"])


def main():
    meta = metadata()
    root = meta["workspace_root"]
    members = set(meta["workspace_members"])
    packages = {p["id"]: p for p in meta["packages"]}
    services = {pid for pid in members if is_service(packages[pid], root)}
    if not services:
        print("check_service_deps: found no service crate; the rule that finds them is broken", file=sys.stderr)
        return 1
    # Edges of the resolved graph, with every kind (normal, dev, build) and every target.
    edges = {node["id"]: [(d["pkg"], [k["kind"] or "normal" for k in d["dep_kinds"]]) for d in node["deps"]]
             for node in meta["resolve"]["nodes"]}

    problems = []
    for service in sorted(services, key=lambda pid: packages[pid]["name"]):
        name = packages[service]["name"]
        # (package, path from the service) — only workspace crates are followed.
        queue = [(dep, [f"{packages[dep]['name']} ({'/'.join(kinds)})"]) for dep, kinds in edges.get(service, [])
                 if dep in members and dep != service]
        seen = set()
        while queue:
            pid, path = queue.pop()
            if pid in seen:
                continue
            seen.add(pid)
            if pid in services:
                problems.append(f"{name} -> {' -> '.join(path)}")
                continue
            # Past the service itself, only what gets built into it: a library's own tests
            # (dev-dependencies) are not part of the service.
            for dep, kinds in edges.get(pid, []):
                if dep in members and dep != pid and any(k != "dev" for k in kinds):
                    queue.append((dep, path + [f"{packages[dep]['name']} ({'/'.join(kinds)})"]))

    names = ", ".join(sorted(packages[pid]["name"] for pid in services))
    if problems:
        print("A service crate depends on another service crate (move the test to services/fleet-tests, "
              "or the shared code to services/lib/):", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    print(f"no service crate depends on another ({len(services)} services: {names})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
