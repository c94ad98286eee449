//! The checked-in `include/rocksdb/c.h` is exactly what cbindgen generates from
//! `src/capi` today (regenerate with `make header`).

#[test]
fn checked_in_header_matches_generated_one() {
    let crate_dir = env!("CARGO_MANIFEST_DIR");
    let config = cbindgen::Config::from_file(format!("{crate_dir}/cbindgen.toml")).expect("read cbindgen.toml");
    let bindings = cbindgen::Builder::new()
        .with_crate(crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header");
    let mut generated = Vec::new();
    bindings.write(&mut generated);
    let checked_in = std::fs::read(format!("{crate_dir}/include/rocksdb/c.h")).expect("read include/rocksdb/c.h");
    if generated != checked_in {
        let g = String::from_utf8_lossy(&generated);
        let c = String::from_utf8_lossy(&checked_in);
        let first_diff = g
            .lines()
            .zip(c.lines())
            .position(|(a, b)| a != b)
            .map(|i| i + 1)
            .unwrap_or_else(|| g.lines().count().min(c.lines().count()) + 1);
        panic!(
            "include/rocksdb/c.h is stale (first difference at line {first_diff}); run `make header` \
             (cargo run --example gen_header -- include/rocksdb/c.h)"
        );
    }
}
