//! Where the reference fixtures live: `$MEGURI_FIXTURES_DIR`, else `shared/fixtures/bazi` in the
//! nearest ancestor of this crate (the repository sits beside `shared/`). A missing fixture is a
//! test failure, never a skip.

use std::path::PathBuf;

pub fn fixtures_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("MEGURI_FIXTURES_DIR") {
        return PathBuf::from(dir);
    }
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .map(|a| a.join("shared/fixtures/bazi"))
        .find(|p| p.join("cases.jsonl").is_file())
        .unwrap_or_else(|| panic!("reference fixtures not found above {}; set MEGURI_FIXTURES_DIR", manifest.display()))
}
