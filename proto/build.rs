//! Compiles every `meguri/**/*.proto` below this crate into Rust at build time.
//!
//! Nothing generated is committed: the output lands in `OUT_DIR` and `src/lib.rs` includes it.
//! `protoc` comes from `protoc-bin-vendored`, so a fresh machine needs no system package.

use std::path::{Path, PathBuf};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let proto_root = root.join("meguri");

    let mut protos = Vec::new();
    collect_protos(&proto_root, &mut protos)?;
    protos.sort();
    if protos.is_empty() {
        return Err("no .proto files found under proto/meguri".into());
    }

    let protoc = protoc_bin_vendored::protoc_bin_path()?;
    // Pass protoc through the config rather than `PROTOC` (`set_var` is `unsafe` in edition 2024).
    let mut config = tonic_prost_build::Config::new();
    config.protoc_executable(protoc);
    // One generated file that nests every package as modules (`meguri::bazi_engine::v1`), so a new
    // service's proto needs no edit here or in lib.rs.
    config.include_file("_includes.rs");
    // `prost::Name` on every message: the event registry (src/events.rs) names its messages by it.
    config.enable_type_names();
    // What was compiled, for the test that every message of an `events.proto` is registered.
    config.file_descriptor_set_path(PathBuf::from(std::env::var("OUT_DIR")?).join("descriptors.bin"));

    tonic_prost_build::configure().build_client(true).build_server(true).compile_with_config(
        config,
        &protos,
        std::slice::from_ref(&root),
    )?;

    println!("cargo:rerun-if-changed={}", proto_root.display());
    for proto in &protos {
        println!("cargo:rerun-if-changed={}", proto.display());
    }
    Ok(())
}

fn collect_protos(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect_protos(&path, out)?;
        } else if path.extension().is_some_and(|ext| ext == "proto") {
            out.push(path);
        }
    }
    Ok(())
}
