//! The reference fixtures, kept in the repository under `tests/fixtures/reference/` (see its
//! README for where they come from). A large file is stored gzip-compressed as `<name>.gz`;
//! [`read_fixture`] reads either form. A missing fixture is a test failure, never a skip.

use std::io::Read as _;
use std::path::PathBuf;

/// The folder of the reference fixtures.
pub fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/reference")
}

/// The text of fixture `name` (e.g. `cases.jsonl`), decompressing `name.gz` when that is what is stored.
pub fn read_fixture(name: &str) -> String {
    let plain = fixtures_dir().join(name);
    if plain.is_file() {
        return std::fs::read_to_string(&plain).unwrap_or_else(|e| panic!("read {}: {e}", plain.display()));
    }
    let packed = fixtures_dir().join(format!("{name}.gz"));
    let file = std::fs::File::open(&packed).unwrap_or_else(|e| panic!("reference fixture {}: {e}", packed.display()));
    let mut text = String::new();
    flate2::read::GzDecoder::new(file)
        .read_to_string(&mut text)
        .unwrap_or_else(|e| panic!("decompress {}: {e}", packed.display()));
    text
}
