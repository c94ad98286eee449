//! Compaction picking (a pure function of a `Version` and options) and the compaction job.
