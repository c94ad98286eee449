//! Regenerates `include/rocksdb/c.h` from `src/capi` with cbindgen (pinned in
//! Cargo.toml, so every machine produces the same bytes).
//!
//! Usage: `cargo run --example gen_header -- include/rocksdb/c.h`
//! (with no argument the header goes to stdout).

fn main() {
    let crate_dir = env!("CARGO_MANIFEST_DIR");
    let config = match cbindgen::Config::from_file(format!("{crate_dir}/cbindgen.toml")) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("gen_header: cannot read cbindgen.toml: {e}");
            std::process::exit(1);
        }
    };
    let bindings = match cbindgen::Builder::new()
        .with_crate(crate_dir)
        .with_config(config)
        .generate()
    {
        Ok(b) => b,
        Err(e) => {
            eprintln!("gen_header: cbindgen failed: {e}");
            std::process::exit(1);
        }
    };
    match std::env::args().nth(1) {
        Some(path) => {
            bindings.write_to_file(&path);
        }
        None => bindings.write(std::io::stdout()),
    }
}
