#!/usr/bin/env python3
"""`make k8s-check`: the Kubernetes manifests still fit the fleet. Offline, about a second.

Renders k8s/base and both overlays with `kustomize build` (or `kubectl kustomize`) and checks:

1. every service of the fleet (each crate in services/ with a binary at src/main.rs or server/src/main.rs, plus the gateway) has its
   directory k8s/base/<svc>/, listed by k8s/base/kustomization.yaml;
2. every gRPC service is rendered from k8s/components/grpc-service: its kustomization includes the
   component, its own files define none of the objects the component makes, and its GrpcService
   values (service.yaml) carry its name;
3. in each rendering, each gRPC service has its ServiceAccount, Deployment, Service, autoscaler and
   disruption budget; the ports agree everywhere (values, container, Service, probes, scrape
   annotation, GRPC_PORT/ADMIN_PORT in its ConfigMap); the readiness probe names a service that a
   .proto file declares; no placeholder is left; the overlays give every image a registry and tag;
4. every container of every Deployment runs with the restricted securityContext
   (k8s/components/restricted);
5. every peer address a binary reads (`*_ADDR` in its config.rs) is set in its ConfigMap to a
   Service of the fleet, on that Service's gRPC port (the code's defaults point at 127.0.0.1);
6. where the network policies are rendered (the overlays), each of those calls is allowed, and
   Prometheus (namespace `monitoring`) may reach every pod's scrape port.

Exit status 1 with one line per problem. Needs PyYAML and kustomize or kubectl; no network.
"""

import re
import shutil
import subprocess
import sys
from pathlib import Path

try:
    import yaml
except ImportError:
    sys.exit("k8s-check needs PyYAML: `pip install pyyaml` or `apt-get install python3-yaml`")

ROOT = Path(__file__).resolve().parents[2]
K8S = ROOT / "k8s"
COMPONENT = "../../components/grpc-service"
COMPONENT_KINDS = {"ServiceAccount", "Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget"}
RENDERINGS = ["base", "overlays/dev", "overlays/prod"]
NAMESPACE = "meguri"
PLACEHOLDER = "SERVICE"

problems: list[str] = []


def problem(where: str, text: str) -> None:
    problems.append(f"{where}: {text}")


def load_all(path: Path) -> list[dict]:
    return [d for d in yaml.safe_load_all(path.read_text()) if d]


def fleet() -> tuple[list[str], list[str]]:
    """The gRPC services and the HTTP ones (the gateway). A service is a crate directly under
    services/ with a binary at src/main.rs, as deploy/dev/check_service_deps.py defines it: the
    libraries (services/lib/*) and the fleet tests (no binary) are not deployed."""
    # The engine's server lives beside its pure library: services/bazi-engine/server/src/main.rs.
    mains = [*(ROOT / "services").glob("*/src/main.rs"), *(ROOT / "services").glob("*/server/src/main.rs")]
    grpc = sorted({m.relative_to(ROOT / "services").parts[0] for m in mains})
    http = ["gateway"] if (ROOT / "gateway" / "Cargo.toml").exists() else []
    return grpc, http


def renderer() -> list[str]:
    if shutil.which("kustomize"):
        return ["kustomize", "build"]
    if shutil.which("kubectl"):
        return ["kubectl", "kustomize"]
    sys.exit("k8s-check needs kustomize or kubectl (which includes kustomize) on PATH")


def render(command: list[str], rel: str) -> list[dict] | None:
    done = subprocess.run([*command, str(K8S / rel)], capture_output=True, text=True)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["?"])[-1]
        problem(f"k8s/{rel}", "does not render: " + re.sub(r"^E\d{4} [\d:.]+ +\d+ \S+\] ", "", last))
        return None
    return [d for d in yaml.safe_load_all(done.stdout) if d]


def proto_services() -> set[str]:
    names = set()
    for proto in (ROOT / "proto").rglob("*.proto"):
        text = proto.read_text()
        package = re.search(r"^package\s+([\w.]+);", text, re.M)
        for service in re.findall(r"^service\s+(\w+)", text, re.M):
            names.add(f"{package.group(1)}.{service}" if package else service)
    return names


def peer_variables(svc: str) -> set[str]:
    """The `*_ADDR` variables a binary reads; STYLE §5 keeps every env read in config.rs."""
    crate = ROOT / "gateway" if svc == "gateway" else ROOT / "services" / svc
    found = set()
    for config in crate.rglob("config.rs"):
        found |= set(re.findall(r'"([A-Z][A-Z0-9_]*_ADDR)"', config.read_text()))
    return found


# --- 1 and 2: the source tree -----------------------------------------------------------------------


def check_sources(grpc: list[str], http: list[str]) -> dict[str, dict]:
    listed = set(yaml.safe_load((K8S / "base" / "kustomization.yaml").read_text()).get("resources", []))
    values = {}
    for svc in grpc + http:
        where = f"k8s/base/{svc}"
        kust_path = K8S / "base" / svc / "kustomization.yaml"
        if not kust_path.exists():
            problem(where, "missing: every service of the fleet needs k8s/base/<svc>/kustomization.yaml")
            continue
        if svc not in listed:
            problem("k8s/base/kustomization.yaml", f"`{svc}` is not listed under resources")
        if svc in http:
            continue
        kust = yaml.safe_load(kust_path.read_text())
        if COMPONENT not in (kust.get("components") or []):
            problem(where, f"kustomization.yaml does not include the component {COMPONENT}")
        for entry in kust.get("resources") or []:
            path = kust_path.parent / entry
            if not path.is_file():
                problem(where, f"resource `{entry}` is not a file of this directory")
                continue
            for doc in load_all(path):
                kind, name = doc.get("kind"), doc.get("metadata", {}).get("name")
                if kind in COMPONENT_KINDS:
                    problem(where, f"{entry} defines {kind} {name}: that comes from the component")
                if kind == "GrpcService":
                    if name != svc:
                        problem(where, f"{entry}: GrpcService is named `{name}`, not `{svc}`")
                    values[svc] = doc.get("spec") or {}
        if svc not in values:
            problem(where, "no GrpcService values (service.yaml) among its resources")
    return values


# --- 3 and 4: one rendering ---------------------------------------------------------------------------


def index(docs: list[dict]) -> dict[tuple[str, str], dict]:
    return {(d["kind"], d["metadata"]["name"]): d for d in docs}


def leftovers(node, path=""):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from leftovers(v, f"{path}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from leftovers(v, f"{path}[{i}]")
    elif isinstance(node, str) and re.search(rf"\b{PLACEHOLDER}\b", node):
        yield path


def config_of(objs, deployment) -> dict:
    data = {}
    for source in deployment["spec"]["template"]["spec"]["containers"][0].get("envFrom", []):
        ref = source.get("configMapRef")
        if ref and ("ConfigMap", ref["name"]) in objs:
            data |= objs[("ConfigMap", ref["name"])].get("data", {})
    return data


def check_grpc_service(rel, objs, svc, spec, protos, overlay):
    where = f"k8s/{rel} {svc}"
    missing = [k for k in sorted(COMPONENT_KINDS) if (k, svc) not in objs]
    if missing:
        problem(where, "not rendered: " + ", ".join(missing))
        return
    dep, service = objs[("Deployment", svc)], objs[("Service", svc)]
    for kind in COMPONENT_KINDS:
        for path in leftovers(objs[(kind, svc)]):
            problem(where, f"{kind} keeps the placeholder at {path}")
    if dep["metadata"]["labels"].get("app.kubernetes.io/component") != "grpc-service":
        problem(where, "Deployment lacks app.kubernetes.io/component=grpc-service")
    pod = dep["spec"]["template"]
    container = pod["spec"]["containers"][0]
    config = config_of(objs, dep)
    ports = {p["name"]: p["containerPort"] for p in container.get("ports", [])}
    service_ports = {p["name"]: p["port"] for p in service["spec"]["ports"]}
    grpc, admin = spec.get("grpcPort"), spec.get("adminPort")
    seen = {
        "values grpcPort": grpc,
        "container port grpc": ports.get("grpc"),
        "Service port grpc": service_ports.get("grpc"),
        "startupProbe": container.get("startupProbe", {}).get("grpc", {}).get("port"),
        "readinessProbe": container.get("readinessProbe", {}).get("grpc", {}).get("port"),
        "GRPC_PORT": int(config.get("GRPC_PORT", -1)),
    }
    if len(set(seen.values())) != 1 or not grpc:
        problem(where, f"gRPC ports disagree: {seen}")
    seen = {
        "values adminPort": admin,
        "container port admin": ports.get("admin"),
        "Service port admin": service_ports.get("admin"),
        "prometheus.io/port": int(pod["metadata"].get("annotations", {}).get("prometheus.io/port", -1)),
        "ADMIN_PORT": int(config.get("ADMIN_PORT", -1)),
    }
    if len(set(seen.values())) != 1 or not admin:
        problem(where, f"admin ports disagree: {seen}")
    health = container.get("readinessProbe", {}).get("grpc", {}).get("service")
    if health not in protos:
        problem(where, f"the readiness probe asks for `{health}`, which no .proto declares")
    if overlay and not re.search(r"[:@]", container["image"].rsplit("/", 1)[-1]):
        problem(where, f"image `{container['image']}` has no tag: add `{svc}` to the overlay's images")


def check_restricted(rel, objs):
    for (kind, name), obj in objs.items():
        if kind != "Deployment":
            continue
        pod = obj["spec"]["template"]["spec"]
        ctx = pod.get("securityContext", {})
        if not (ctx.get("runAsNonRoot") and ctx.get("seccompProfile", {}).get("type") == "RuntimeDefault"):
            problem(f"k8s/{rel} {name}", "pod securityContext is not restricted (k8s/components/restricted)")
        for c in pod.get("initContainers", []) + pod["containers"]:
            ctx = c.get("securityContext", {})
            if not (
                ctx.get("allowPrivilegeEscalation") is False
                and ctx.get("readOnlyRootFilesystem")
                and ctx.get("runAsNonRoot")
                and "ALL" in ctx.get("capabilities", {}).get("drop", [])
            ):
                problem(f"k8s/{rel} {name}", f"container `{c['name']}` securityContext is not restricted")


# --- 5 and 6: calls and the network policies ----------------------------------------------------------


def selects(selector, labels) -> bool:
    if selector is None:
        return True
    for k, v in (selector.get("matchLabels") or {}).items():
        if labels.get(k) != v:
            return False
    for e in selector.get("matchExpressions") or []:
        key, op, values = e["key"], e["operator"], e.get("values", [])
        if op == "In" and labels.get(key) not in values:
            return False
        if op == "NotIn" and key in labels and labels[key] in values:
            return False
        if op == "Exists" and key not in labels:
            return False
        if op == "DoesNotExist" and key in labels:
            return False
    return True


def peer_matches(peer, namespace, labels) -> bool:
    if "ipBlock" in peer:
        return False  # pod addresses are not matched by our ipBlocks (they exclude private ranges)
    ns_labels = {"kubernetes.io/metadata.name": namespace}
    if "namespaceSelector" in peer:
        if not selects(peer["namespaceSelector"], ns_labels):
            return False
    elif namespace != NAMESPACE:
        return False
    return selects(peer.get("podSelector"), labels)


def port_matches(rule, port) -> bool:
    ports = rule.get("ports")
    return not ports or any(p.get("port") in (None, port) and p.get("protocol", "TCP") == "TCP" for p in ports)


def allowed(policies, direction, subject, peer_ns, peer_labels, port) -> bool:
    """Whether `subject` (pod labels in our namespace) may send (Egress) or receive (Ingress)."""
    chosen = [
        p for p in policies
        if direction in p["spec"].get("policyTypes", []) and selects(p["spec"]["podSelector"], subject)
    ]
    if not chosen:
        return True  # not isolated in this direction
    key, peers_key = ("egress", "to") if direction == "Egress" else ("ingress", "from")
    for policy in chosen:
        for rule in policy["spec"].get(key) or []:
            peers = rule.get(peers_key)
            if not port_matches(rule, port):
                continue
            if not peers or any(peer_matches(p, peer_ns, peer_labels) for p in peers):
                return True
    return False


def check_calls(rel, objs, services):
    policies = [o for (k, _), o in objs.items() if k == "NetworkPolicy"]
    pods = {n: o["spec"]["template"] for (k, n), o in objs.items() if k == "Deployment"}
    for caller in services:
        if ("Deployment", caller) not in objs:
            continue
        where = f"k8s/{rel} {caller}"
        config = config_of(objs, objs[("Deployment", caller)])
        caller_labels = pods[caller]["metadata"]["labels"]
        for var in sorted(peer_variables(caller)):
            value = config.get(var)
            if value is None:
                problem(where, f"{var} is not set in its ConfigMap (the code's default is 127.0.0.1)")
                continue
            m = re.fullmatch(r"http://([a-z0-9-]+):(\d+)", value)
            if not m:
                problem(where, f"{var}={value}: expected http://<service>:<port>")
                continue
            callee, port = m.group(1), int(m.group(2))
            service_ports = objs.get(("Service", callee), {}).get("spec", {}).get("ports", [])
            if {p["name"]: p["port"] for p in service_ports}.get("grpc") != port:
                problem(where, f"{var}={value}: no Service `{callee}` with gRPC port {port}")
                continue
            if not policies or callee not in pods:
                continue
            callee_labels = pods[callee]["metadata"]["labels"]
            if not allowed(policies, "Egress", caller_labels, NAMESPACE, callee_labels, port):
                problem(where, f"the network policies block its egress to {callee}:{port} ({var})")
            if not allowed(policies, "Ingress", callee_labels, NAMESPACE, caller_labels, port):
                problem(where, f"the network policies block {callee}'s ingress from it on {port} ({var})")
    if not policies:
        return
    for name, pod in pods.items():
        port = pod["metadata"].get("annotations", {}).get("prometheus.io/port")
        if port and not allowed(policies, "Ingress", pod["metadata"]["labels"], "monitoring", {}, int(port)):
            problem(f"k8s/{rel} {name}", f"the network policies block Prometheus (monitoring) on {port}")


def main() -> int:
    grpc, http = fleet()
    values = check_sources(grpc, http)
    protos = proto_services()
    command = renderer()
    for rel in RENDERINGS:
        docs = render(command, rel)
        if docs is None:
            continue
        objs = index(docs)
        for svc in grpc:
            check_grpc_service(rel, objs, svc, values.get(svc, {}), protos, rel != "base")
        check_restricted(rel, objs)
        check_calls(rel, objs, grpc + http)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        print(f"k8s-check: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"k8s-check: {len(grpc)} gRPC services + {', '.join(http)} fine in k8s/{{{','.join(RENDERINGS)}}}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
