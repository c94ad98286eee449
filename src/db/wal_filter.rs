//! WAL filters (RocksDB's `WalFilter`, include/rocksdb/wal_filter.h): a database option
//! (`Options::wal_filter`) that sees every WAL record recovery replays and decides what
//! happens to it, as RocksDB's db_impl_open.cc applies the decision (`apply`).
//!
//! The filter is told the column families' log numbers and names once before the first WAL
//! is read, then each record of the WALs recovery replays (those from the oldest log number a
//! live column family still needs), before the record's two-phase-commit markers are
//! interpreted. Filters run on the opening thread without the db mutex held.

use crate::batch::WriteBatch;
use crate::error::{Error, Result};
use std::collections::BTreeMap;

/// RocksDB's `WalFilter::WalProcessingOption`, in its order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalProcessingOption {
    /// Replay the record (or its replacement).
    ContinueProcessing = 0,
    /// Skip the record.
    IgnoreCurrentRecord = 1,
    /// Skip the record and every later one, in this WAL and the next.
    StopReplay = 2,
    /// The record is corrupt: handled as damage under the recovery mode (ignored without
    /// paranoid_checks, where the record is replayed).
    CorruptedRecord = 3,
}

/// What a filter answers for one record: its decision and, when it changed the batch, the
/// batch to replay instead (at most as many entries as the original).
pub struct WalFilterDecision {
    /// What replay does with the record.
    pub option: WalProcessingOption,
    /// The batch to apply instead of the record's (with `WalProcessingOption::ContinueProcessing`).
    pub new_batch: Option<WriteBatch>,
}

/// RocksDB's `WalFilter`: told the column families' log numbers once, then asked about each WAL record recovery replays.
pub trait WalFilter: Send + Sync {
    /// Before replay: each column family's log number (by id) and each family's id (by name).
    fn column_family_log_number_map(&self, _log_numbers: &BTreeMap<u32, u64>, _ids_by_name: &BTreeMap<String, u32>) {}
    /// A record of WAL `log_number` (file `log_file_name`).
    fn log_record_found(&self, log_number: u64, log_file_name: &str, batch: &WriteBatch) -> WalFilterDecision;
    /// The filter's name, in the errors it causes.
    fn name(&self) -> String;
}

/// What replay does with a record after the filter decided.
pub(crate) enum Replay {
    /// Replay this batch (the record's own, or the filter's replacement with its sequence).
    Batch(WriteBatch),
    /// Skip the record.
    Skip,
    /// Skip it and stop replaying.
    Stop,
    /// The record is damaged (for the recovery mode to judge).
    Damaged(Error),
}

/// Asks `filter` about `batch` and turns its answer into what replay does, as RocksDB's
/// InvokeWalFilterIfNeededOnWalRecord: a corrupted-record answer is damage only with
/// `paranoid_checks` (otherwise the record is replayed); a replacement with more entries than
/// the original fails recovery.
pub(crate) fn apply(filter: &dyn WalFilter, log_number: u64, log_file_name: &str, batch: WriteBatch, paranoid_checks: bool) -> Result<Replay> {
    let decision = filter.log_record_found(log_number, log_file_name, &batch);
    match decision.option {
        WalProcessingOption::ContinueProcessing => {}
        WalProcessingOption::IgnoreCurrentRecord => return Ok(Replay::Skip),
        WalProcessingOption::StopReplay => return Ok(Replay::Stop),
        WalProcessingOption::CorruptedRecord if paranoid_checks => {
            return Ok(Replay::Damaged(Error::corruption(format!("Corruption reported by Wal Filter : {}", filter.name()))));
        }
        WalProcessingOption::CorruptedRecord => {}
    }
    match decision.new_batch {
        None => Ok(Replay::Batch(batch)),
        Some(new) if new.count() > batch.count() => {
            Err(Error::not_supported(format!("More than original # of records returned by Wal Filter : {}", filter.name())))
        }
        Some(mut new) => {
            new.set_sequence(batch.sequence());
            Ok(Replay::Batch(new))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::Db;
    use crate::options::{Options, ReadOptions, WriteOptions};
    use crate::util::testutil::TempDir;
    use parking_lot::Mutex;
    use std::sync::Arc;

    /// Answers `answers` in turn (then ContinueProcessing), recording what it was shown.
    struct Scripted {
        answers: Mutex<Vec<(WalProcessingOption, Option<WriteBatch>)>>,
        maps: Mutex<Vec<(BTreeMap<u32, u64>, BTreeMap<String, u32>)>>,
        seen: Mutex<Vec<(u64, String, u32)>>,
    }

    impl Scripted {
        fn new(mut answers: Vec<(WalProcessingOption, Option<WriteBatch>)>) -> Arc<Scripted> {
            answers.reverse();
            Arc::new(Scripted { answers: Mutex::new(answers), maps: Mutex::new(Vec::new()), seen: Mutex::new(Vec::new()) })
        }
    }

    impl WalFilter for Scripted {
        fn column_family_log_number_map(&self, log_numbers: &BTreeMap<u32, u64>, ids_by_name: &BTreeMap<String, u32>) {
            self.maps.lock().push((log_numbers.clone(), ids_by_name.clone()));
        }
        fn log_record_found(&self, log_number: u64, log_file_name: &str, batch: &WriteBatch) -> WalFilterDecision {
            self.seen.lock().push((log_number, log_file_name.to_string(), batch.count()));
            let (option, new_batch) = self.answers.lock().pop().unwrap_or((WalProcessingOption::ContinueProcessing, None));
            WalFilterDecision { option, new_batch }
        }
        fn name(&self) -> String {
            "Scripted".into()
        }
    }

    /// A database of four one-key writes (k1..k4 = v1..v4) left in its WAL, reopened with
    /// `filter`; what each key reads afterwards (or the open's error).
    fn reopen_with(name: &str, filter: Arc<Scripted>, tune: impl FnOnce(&mut Options)) -> Result<Vec<Option<Vec<u8>>>> {
        let dir = TempDir::new(name);
        let mut o = Options { create_if_missing: true, ..Default::default() };
        {
            let db = Db::open(&o, &dir.0).unwrap();
            for i in 1..=4 {
                db.put(&WriteOptions::default(), format!("k{i}").as_bytes(), format!("v{i}").as_bytes()).unwrap();
            }
        }
        o.wal_filter = Some(filter);
        tune(&mut o);
        let db = Db::open(&o, &dir.0)?;
        Ok((1..=4).map(|i| db.get(&ReadOptions::default(), format!("k{i}").as_bytes()).unwrap()).collect())
    }

    fn v(s: &str) -> Option<Vec<u8>> {
        Some(s.as_bytes().to_vec())
    }

    #[test]
    fn ignore_and_replace_apply_per_record_and_the_map_comes_first() {
        let mut replacement = WriteBatch::new();
        replacement.put(b"k2", b"changed");
        let f = Scripted::new(vec![(WalProcessingOption::IgnoreCurrentRecord, None), (WalProcessingOption::ContinueProcessing, Some(replacement))]);
        let got = reopen_with("walfilter-ignore", f.clone(), |_| {}).unwrap();
        assert_eq!(got, vec![None, v("changed"), v("v3"), v("v4")]);
        let maps = f.maps.lock();
        assert_eq!(maps.len(), 1);
        assert_eq!(maps[0].1.get("default"), Some(&0));
        assert!(maps[0].0.contains_key(&0));
        let seen = f.seen.lock();
        assert_eq!(seen.len(), 4, "every record, once");
        assert!(seen.iter().all(|(n, path, count)| *count == 1 && path.ends_with(&format!("{n:06}.log"))));
    }

    #[test]
    fn stop_replay_drops_the_record_and_the_rest() {
        let f = Scripted::new(vec![(WalProcessingOption::ContinueProcessing, None), (WalProcessingOption::StopReplay, None)]);
        let got = reopen_with("walfilter-stop", f.clone(), |_| {}).unwrap();
        assert_eq!(got, vec![v("v1"), None, None, None]);
        assert_eq!(f.seen.lock().len(), 2, "not asked past the stop");
    }

    #[test]
    fn a_corrupted_record_fails_absolute_consistency_and_replays_without_paranoid_checks() {
        let f = Scripted::new(vec![(WalProcessingOption::CorruptedRecord, None)]);
        let e = reopen_with("walfilter-corrupt", f, |o| o.wal_recovery_mode = crate::options::WalRecoveryMode::AbsoluteConsistency).unwrap_err();
        assert_eq!(e.to_string(), "Corruption: Corruption reported by Wal Filter : Scripted");
        // Point in time (the default): replay stops at the record.
        let f = Scripted::new(vec![(WalProcessingOption::ContinueProcessing, None), (WalProcessingOption::CorruptedRecord, None)]);
        assert_eq!(reopen_with("walfilter-corrupt-pit", f, |_| {}).unwrap(), vec![v("v1"), None, None, None]);
        let f = Scripted::new(vec![(WalProcessingOption::CorruptedRecord, None)]);
        let got = reopen_with("walfilter-corrupt-lax", f, |o| o.paranoid_checks = false).unwrap();
        assert_eq!(got, vec![v("v1"), v("v2"), v("v3"), v("v4")]);
    }

    #[test]
    fn a_replacement_with_more_entries_fails_recovery() {
        let mut bigger = WriteBatch::new();
        bigger.put(b"a", b"1");
        bigger.put(b"b", b"2");
        let f = Scripted::new(vec![(WalProcessingOption::ContinueProcessing, Some(bigger))]);
        let e = reopen_with("walfilter-bigger", f, |_| {}).unwrap_err();
        assert_eq!(e.to_string(), "Not implemented: More than original # of records returned by Wal Filter : Scripted");
    }
}
