//! Test helpers shared by modules.

use std::ffi::OsStr;
use std::process::Command;

/// A command for one of the system's programs (Debian's RocksDB tools, the C compiler, or a
/// program linked to Debian's librocksdb). `cargo test` puts `target/<profile>` on
/// LD_LIBRARY_PATH, where `make build` leaves ferrock's `librocksdb.so.7.8` alias; the system's
/// RocksDB programs must load the system's library, so that variable is removed.
pub fn system_command(program: impl AsRef<OsStr>) -> Command {
    let mut c = Command::new(program);
    c.env_remove("LD_LIBRARY_PATH");
    c
}
