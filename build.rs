//! Build script: gives the cdylib the SONAME `libferrock.so`.
//!
//! Why: rustc emits a cdylib without a DT_SONAME, so a program linked against
//! one of the aliases (`-lrocksdb` finds `librocksdb.so -> libferrock.so`)
//! would record the alias's file name as its NEEDED entry, and a program linked
//! `-lferrock` would record `libferrock.so`: two different run-time names for
//! one library. With the SONAME set, every program linked against ferrock —
//! through `-lferrock`, `-lrocksdb` or pkg-config — records `libferrock.so`,
//! which is the one file `make install` always installs. Programs built
//! against Debian's librocksdb keep their own NEEDED `librocksdb.so.7.8`; the
//! symlink of that name (created by `make build` / `make install`) resolves it
//! to ferrock, and the SONAME does not matter to them.
//! There is no version in the SONAME yet: ferrock 0.x makes no ABI promise of its own.

fn main() {
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if target_os == "linux" {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libferrock.so");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
