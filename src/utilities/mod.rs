//! What RocksDB keeps under `utilities/`: whole-database operations built on the engine's
//! public surface rather than inside it — checkpoints and column family export
//! (`checkpoint`), the backup engine (`backup`), the file copying they share (`copy`),
//! RocksDB's DBWithTTL value format (`ttl`) and the replayer of query traces (`replayer`).
pub mod backup;
pub mod checkpoint;
pub mod copy;
pub mod replayer;
pub mod ttl;
