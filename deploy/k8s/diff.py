#!/usr/bin/env python3
"""Compare two renderings of the manifests object by object, ignoring document order and key order.

    git stash; kubectl kustomize k8s/overlays/prod > /tmp/before.yaml; git stash pop
    kubectl kustomize k8s/overlays/prod > /tmp/after.yaml
    python3 deploy/k8s/diff.py /tmp/before.yaml /tmp/after.yaml

Objects are matched by apiVersion, kind, namespace and name; a generated ConfigMap or Secret by its
name without the content hash, so a changed value shows as such (and as a new hash in metadata.name
and in every reference). Lists are compared in order. Prints one line per difference and exits 1 if
there is any.
"""

import re
import sys

import yaml

HASH_SUFFIX = re.compile(r"-[a-z0-9]{10}$")  # kustomize's generator suffix


def load(path: str) -> dict[tuple, dict]:
    objects = {}
    with open(path) as f:
        for doc in yaml.safe_load_all(f):
            if doc:
                meta = doc["metadata"]
                name = meta["name"]
                if doc["kind"] in ("ConfigMap", "Secret"):
                    name = HASH_SUFFIX.sub("", name)
                objects[(doc["apiVersion"], doc["kind"], meta.get("namespace", ""), name)] = doc
    return objects


def compare(a, b, path: str, out: list[str]) -> None:
    if type(a) is not type(b):
        out.append(f"{path}: {a!r} -> {b!r}")
    elif isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a:
                out.append(f"{path}.{k}: added {b[k]!r}")
            elif k not in b:
                out.append(f"{path}.{k}: removed {a[k]!r}")
            else:
                compare(a[k], b[k], f"{path}.{k}", out)
    elif isinstance(a, list):
        if len(a) != len(b):
            out.append(f"{path}: {len(a)} items -> {len(b)}")
        for i, (x, y) in enumerate(zip(a, b)):
            compare(x, y, f"{path}[{i}]", out)
    elif a != b:
        out.append(f"{path}: {a!r} -> {b!r}")


def main() -> int:
    before, after = load(sys.argv[1]), load(sys.argv[2])
    out: list[str] = []
    for key in sorted(set(before) | set(after)):
        name = "/".join(part for part in key if part)
        if key not in after:
            out.append(f"{name}: only before")
        elif key not in before:
            out.append(f"{name}: only after")
        else:
            compare(before[key], after[key], name, out)
    print("\n".join(out) if out else f"same {len(before)} objects")
    return 1 if out else 0


if __name__ == "__main__":
    sys.exit(main())
