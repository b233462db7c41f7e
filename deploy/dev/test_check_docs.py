#!/usr/bin/env python3
"""Unit tests of deploy/dev/check_docs.py: each rule fails on a small tree made for the test.

The tree: a workspace with one service (`alpha`, a src/main.rs that reads ALPHA_LIMIT, and
ALPHA_TEST_ONLY in its tests), a shared crate that reads SHARED_HOST, and a tool whose binary is
under src/bin/ (not a server); the README, architecture, index, service page and configuration
pages that document all of it (the README's Layout names every crate). The complete tree passes;
each test breaks one thing.

Run: python3 -m unittest deploy/dev/test_check_docs.py (make lint runs it from deploy/dev/lint.sh).
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import check_docs  # noqa: E402

FILES = {
    "Cargo.toml": """
        [workspace]
        members = ["services/alpha", "services/lib/shared", "tools/cli"]
    """,
    "services/alpha/Cargo.toml": """
        [package]
        name = "alpha"
    """,
    "services/alpha/src/main.rs": """
        fn main() {}
    """,
    "services/alpha/src/config.rs": """
        use meguri_server::Env;
        pub fn limit(env: &Env) -> u32 {
            env.number("ALPHA_LIMIT", 5)
        }
        #[cfg(test)]
        mod tests {
            fn reads() -> Option<String> {
                std::env::var("ALPHA_TEST_ONLY").ok()
            }
        }
    """,
    "services/lib/shared/Cargo.toml": """
        [package]
        name = "shared"
    """,
    "services/lib/shared/src/lib.rs": """
        pub fn host() -> Option<String> {
            std::env::var("SHARED_HOST").ok()
        }
    """,
    "tools/cli/Cargo.toml": """
        [package]
        name = "cli"
        [[bin]]
        name = "tool"
        path = "src/bin/tool.rs"
    """,
    "tools/cli/src/bin/tool.rs": """
        fn main() {}
    """,
    "README.md": """
        # Demo

        ## What runs

        | process | what |
        |---|---|
        | `alpha` | the only service |
        | PostgreSQL | its data |

        ## Layout

        ```
        services/alpha/        the service
        services/lib/          shared crates: shared
        tools/cli/             the tool
        ```

        ## More
    """,
    "docs/architecture.md": """
        # Architecture

        ## The fleet today

        | process | crate |
        |---|---|
        | `alpha` | `services/alpha/` |

        ### Planned, not yet built

        | service | brings |
        |---|---|
        | `beta` | more |
    """,
    "docs/README.md": """
        # Docs

        - [alpha](services/alpha.md): the only service.
    """,
    "docs/services/alpha.md": """
        # alpha

        ## Environment variables

        | variable | default | meaning |
        |---|---|---|
        | `ALPHA_LIMIT` | 5 | how many |
        | `HOST` and the shared variables | | see configuration |
    """,
    "docs/configuration.md": """
        # Configuration

        | variable or binary | meaning |
        |---|---|
        | `alpha` | the service |
        | `tool` | a tool |
        | `ALPHA_LIMIT` | how many |
        | `ALPHA_TEST_ONLY` | a test's setting |
        | `SHARED_HOST` | where |
    """,
}


class CheckDocsTest(unittest.TestCase):
    def setUp(self) -> None:
        tmp = tempfile.TemporaryDirectory(prefix="meguri-check-docs-")
        self.addCleanup(tmp.cleanup)
        self.root = Path(tmp.name)
        for path, text in FILES.items():
            self.write(path, text)
        real_root = check_docs.ROOT
        self.addCleanup(check_docs.use_root, real_root)
        check_docs.use_root(self.root)

    def write(self, path: str, text: str) -> None:
        target = self.root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text).lstrip())

    def edit(self, path: str, old: str, new: str) -> None:
        target = self.root / path
        text = target.read_text()
        self.assertIn(old, text)
        target.write_text(text.replace(old, new))

    def check(self) -> tuple[int, list[str]]:
        """check_docs.main()'s exit code and the problems it listed."""
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = check_docs.main()
        problems = [line.strip()[2:] for line in err.getvalue().splitlines() if line.strip().startswith("- ")]
        return code, problems

    def assert_fails_with(self, *expected: str) -> None:
        code, problems = self.check()
        self.assertEqual(code, 1, "the check should fail")
        for fragment in expected:
            self.assertTrue(any(fragment in p for p in problems), f"no problem mentions {fragment!r}: {problems}")

    def test_the_complete_tree_passes(self) -> None:
        self.assertEqual(self.check(), (0, []))

    def test_servers_are_the_binaries_of_a_src_main_rs(self) -> None:
        self.assertEqual(sorted(check_docs.server_binaries()), ["alpha"])

    # (a) every server binary in the README's and the architecture's fleet table

    def test_a_server_missing_from_the_readme_table_fails(self) -> None:
        self.edit("README.md", "| `alpha` | the only service |\n", "")
        self.assert_fails_with("binary `alpha` (crate services/alpha) is not in the table under '## What runs' of README.md")

    def test_a_server_named_only_outside_the_readme_table_fails(self) -> None:
        self.edit("README.md", "## Layout\n", "## Layout\n\n| dir | what |\n|---|---|\n| `alpha` | here |\n")
        self.edit("README.md", "| `alpha` | the only service |\n", "")
        self.assert_fails_with("is not in the table under '## What runs' of README.md")

    def test_a_server_missing_from_the_architecture_table_fails(self) -> None:
        self.edit("docs/architecture.md", "| `alpha` | `services/alpha/` |\n", "")
        self.assert_fails_with("binary `alpha` (crate services/alpha) is not in the table under '## The fleet today' of docs/architecture.md")

    def test_a_server_listed_only_as_planned_fails(self) -> None:
        self.edit("docs/architecture.md", "| `alpha` | `services/alpha/` |\n", "")
        self.edit("docs/architecture.md", "| `beta` | more |", "| `beta` | more |\n| `alpha` | planned |")
        self.assert_fails_with("is not in the table under '## The fleet today' of docs/architecture.md")

    # (b) every server has a page, linked from docs/README.md

    def test_a_server_without_a_page_fails(self) -> None:
        (self.root / "docs/services/alpha.md").unlink()
        self.assert_fails_with("binary `alpha` has no page docs/services/alpha.md")

    def test_a_page_not_linked_from_the_index_fails(self) -> None:
        self.edit("docs/README.md", "[alpha](services/alpha.md)", "alpha (services/alpha.md)")
        self.assert_fails_with("docs/services/alpha.md is not linked from docs/README.md")

    def test_a_link_with_an_anchor_counts(self) -> None:
        self.edit("docs/README.md", "(services/alpha.md)", "(./services/alpha.md#environment-variables)")
        self.assertEqual(self.check(), (0, []))

    def test_a_new_service_fails_every_fleet_rule_until_documented(self) -> None:
        self.edit("Cargo.toml", '"tools/cli"]', '"tools/cli", "services/gamma"]')
        self.write("services/gamma/Cargo.toml", '[package]\nname = "gamma"\n')
        self.write("services/gamma/src/main.rs", "fn main() {}\n")
        self.edit("docs/configuration.md", "| `tool` | a tool |", "| `tool` | a tool |\n| `gamma` | new |")
        self.assert_fails_with(
            "binary `gamma` (crate services/gamma) is not in the table under '## What runs' of README.md",
            "binary `gamma` (crate services/gamma) is not in the table under '## The fleet today' of docs/architecture.md",
            "binary `gamma` has no page docs/services/gamma.md",
        )

    # (c) every variable a service's own crate reads (outside tests) on its page

    def test_a_variable_the_service_reads_missing_from_its_page_fails(self) -> None:
        self.edit("docs/services/alpha.md", "| `ALPHA_LIMIT` | 5 | how many |\n", "")
        self.assert_fails_with(
            "variable `ALPHA_LIMIT` is read by alpha (services/alpha/src/config.rs:3) but not in a table of docs/services/alpha.md"
        )

    def test_a_variable_named_only_in_prose_of_the_page_fails(self) -> None:
        self.edit("docs/services/alpha.md", "| `ALPHA_LIMIT` | 5 | how many |\n", "")
        self.edit("docs/services/alpha.md", "## Environment variables\n", "## Environment variables\n\n`ALPHA_LIMIT` sets it.\n")
        self.assert_fails_with("variable `ALPHA_LIMIT` is read by alpha")

    def test_variables_of_tests_and_of_shared_crates_need_no_row_on_the_page(self) -> None:
        code, problems = self.check()
        self.assertEqual(code, 0)
        self.assertFalse([p for p in problems if "ALPHA_TEST_ONLY" in p or "SHARED_HOST" in p])

    # every crate of the workspace in the README's Layout

    def test_a_crate_missing_from_the_layout_fails(self) -> None:
        self.edit("README.md", "shared crates: shared", "common crates")
        self.assert_fails_with("crate `shared` (services/lib/shared) is not in the Layout of README.md")

    def test_a_crate_named_only_outside_the_layout_block_fails(self) -> None:
        self.edit("README.md", "tools/cli/             the tool\n", "")
        self.edit("README.md", "## More\n", "## More\n\ntools/cli/ is the tool.\n")
        self.assert_fails_with("crate `cli` (tools/cli) is not in the Layout of README.md")

    def test_a_crate_may_be_named_by_its_folder_or_its_package(self) -> None:
        self.edit("README.md", "services/alpha/        the service", "services/  alpha/, and more")
        self.edit("README.md", "tools/cli/             the tool", "tools/   the tool (crate cli)")
        self.assertEqual(self.check(), (0, []))

    # the rule that was there before: configuration.md documents every variable and binary

    def test_a_variable_missing_from_configuration_fails(self) -> None:
        self.edit("docs/configuration.md", "| `SHARED_HOST` | where |\n", "")
        self.assert_fails_with("variable `SHARED_HOST` is not documented")


if __name__ == "__main__":
    unittest.main()
