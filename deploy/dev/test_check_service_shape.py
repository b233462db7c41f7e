"""The structure check fails where it should: a service scaffolded from the template passes; one
missing a template file, a migration's down.sql, a module or the test binary is named."""

from __future__ import annotations

import importlib.util
import shutil
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("check_service_shape", HERE / "check_service_shape.py")
shape = importlib.util.module_from_spec(spec)
spec.loader.exec_module(shape)
REAL_TEMPLATE = shape.TEMPLATE


class ShapeTest(unittest.TestCase):
    def setUp(self) -> None:
        self.root = Path(tempfile.mkdtemp())
        template = self.root / "deploy" / "templates" / "service"
        shutil.copytree(REAL_TEMPLATE, template)
        shape.ROOT, shape.TEMPLATE = self.root, template
        # A service as `make new-service NAME=demo` writes it, its example migration renamed.
        for source, target in [(template / "crate", self.root / "services" / "demo"), (template / "k8s", self.root / "k8s" / "base" / "demo")]:
            for path in source.rglob("*"):
                if path.is_file():
                    out = target / str(path.relative_to(source)).replace("{{date}}", "2026-01-01").replace("{{snake}}", "demo")
                    out.parent.mkdir(parents=True, exist_ok=True)
                    out.write_text(path.read_text().replace("{{snake}}", "demo").replace("{{name}}", "demo"))
        proto = self.root / "proto" / "meguri" / "demo" / "v1" / "demo.proto"
        proto.parent.mkdir(parents=True)
        proto.write_text("syntax = \"proto3\";\n")
        (self.root / "docs" / "services").mkdir(parents=True)
        (self.root / "docs" / "services" / "demo.md").write_text("# demo\n")

    def tearDown(self) -> None:
        shutil.rmtree(self.root)

    def test_a_scaffolded_service_passes(self) -> None:
        self.assertEqual(shape.problems_of("demo"), [])

    def test_each_difference_is_named(self) -> None:
        crate = self.root / "services" / "demo"
        (crate / "src" / "events.rs").unlink()
        next((crate / "migrations").glob("*/down.sql")).unlink()
        lib = crate / "src" / "lib.rs"
        lib.write_text(lib.read_text().replace("pub mod usecases;", ""))
        problems = "\n".join(shape.problems_of("demo"))
        self.assertIn("missing services/demo/src/events.rs", problems)
        self.assertIn("has no down.sql", problems)
        self.assertIn("does not declare `pub mod usecases;`", problems)
        self.assertIn("missing docs/services/other.md", "\n".join(shape.problems_of("other")))


if __name__ == "__main__":
    unittest.main()
