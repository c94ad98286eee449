//! Regenerates `include/rocksdb/c.h` and `include/rocksdb/ferrock_ext.h` from `src/capi`
//! with cbindgen (pinned in Cargo.toml, so every machine produces the same bytes).
//! c.h holds RocksDB 11.8.1's functions only; the ferrock-only entry points of
//! `src/capi/ferrock_ext.rs` (named `ferrock_*`) go to ferrock_ext.h, which includes c.h.
//!
//! Usage: `cargo run --example gen_header -- include/rocksdb/c.h [include/rocksdb/ferrock_ext.h]`
//! (the second path defaults to ferrock_ext.h beside the first; with no argument c.h goes
//! to stdout).

fn config(crate_dir: &str) -> cbindgen::Config {
    match cbindgen::Config::from_file(format!("{crate_dir}/cbindgen.toml")) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("gen_header: cannot read cbindgen.toml: {e}");
            std::process::exit(1);
        }
    }
}

fn generate(crate_dir: &str, config: cbindgen::Config) -> String {
    match cbindgen::Builder::new().with_crate(crate_dir).with_config(config).generate() {
        Ok(b) => {
            let mut out = Vec::new();
            b.write(&mut out);
            String::from_utf8(out).expect("cbindgen writes UTF-8")
        }
        Err(e) => {
            eprintln!("gen_header: cbindgen failed: {e}");
            std::process::exit(1);
        }
    }
}

/// The names of the `extern "C" fn ferrock_*` of src/capi/ferrock_ext.rs.
fn ferrock_functions(crate_dir: &str) -> Vec<String> {
    let src = std::fs::read_to_string(format!("{crate_dir}/src/capi/ferrock_ext.rs")).unwrap_or_default();
    src.split("extern \"C\" fn ")
        .skip(1)
        .filter_map(|rest| {
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            name.starts_with("ferrock_").then_some(name)
        })
        .collect()
}

/// ferrock_ext.h: the declarations (with their doc comments) of `names` out of a full header.
fn ext_header(full: &str, names: &[String]) -> String {
    let mut out = String::from(
        "/* ferrock-only C entry points, outside RocksDB's c.h: what RocksDB's C++ API has and\n \
         * 11.8.1's c.h lacks (used by ferrock's C++ API headers; a C program may call them too).\n \
         * GENERATED from src/capi/ferrock_ext.rs by cbindgen (make header): do not edit. */\n\n\
         #pragma once\n\n#include \"rocksdb/c.h\"\n\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n",
    );
    for block in full.split("\n\n") {
        let decl = block.lines().last().unwrap_or("");
        if names.iter().any(|n| decl.contains(&format!(" {n}(")) || decl.contains(&format!("*{n}("))) {
            out.push('\n');
            out.push_str(block.trim_start_matches('\n'));
            out.push('\n');
        }
    }
    out.push_str("\n#ifdef __cplusplus\n}  // extern \"C\"\n#endif\n");
    out
}

fn main() {
    let crate_dir = env!("CARGO_MANIFEST_DIR");
    let names = ferrock_functions(crate_dir);
    let mut c_config = config(crate_dir);
    c_config.export.exclude.extend(names.iter().cloned());
    let c_header = generate(crate_dir, c_config);
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(c_path) = args.first() else {
        print!("{c_header}");
        return;
    };
    let ext_path = match args.get(1) {
        Some(p) => p.clone(),
        None => std::path::Path::new(c_path).with_file_name("ferrock_ext.h").to_string_lossy().into_owned(),
    };
    let full = generate(crate_dir, config(crate_dir));
    for (path, text) in [(c_path.clone(), c_header), (ext_path, ext_header(&full, &names))] {
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("gen_header: cannot write {path}: {e}");
            std::process::exit(1);
        }
    }
}
