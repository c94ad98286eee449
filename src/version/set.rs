//! `VersionSet`: the MANIFEST and everything it records — the column families,
//! their current `Version`s and log numbers, and the DB-wide counters
//! (next file number, last sequence, min log number to keep, max column family).
//! docs/format/manifest.md §4.2–§4.5, docs/format/traps.md §9.1–§9.3.
//!
//! One `VersionSet` per database; it is not internally synchronised.
//! Requires: the db's mutex is held for every `&mut self` call.
//!
//! Records are framed by the shared `crate::log` writer and reader.
//! Writing follows RocksDB: the first `log_and_apply` after an open starts a
//! new MANIFEST holding a snapshot of the whole state, then switches CURRENT;
//! later calls append. A failed MANIFEST write applies nothing and makes the
//! next call start a fresh MANIFEST, since the old one may end in a torn record.
//! A new MANIFEST whose CURRENT switch failed is kept (CURRENT may already name
//! it: the rename can succeed and the directory sync after it fail), and so is
//! the one before it, until a later switch succeeds (RocksDB keeps both too).

use crate::env::{read_file_to_vec, FileSystem};
use crate::error::{Error, Result};
use crate::key::InternalKeyComparator;
use crate::util::comparator::Comparator;
use crate::version::edit::VersionEdit;
use crate::version::filename::{manifest_file_name, parse_file_name, set_current_file, FileType, CURRENT_FILE_NAME};
use crate::log::{LogReader, LogWriter};
use crate::version::version::{Version, VersionBuilder};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub const DEFAULT_COLUMN_FAMILY_NAME: &str = "default";
/// RocksDB's default `max_manifest_file_size`.
pub const DEFAULT_MAX_MANIFEST_FILE_SIZE: u64 = 1 << 30;

#[derive(Clone, Debug)]
pub struct ColumnFamilyData {
    pub id: u32,
    pub name: String,
    /// WALs numbered below this hold nothing unflushed for this CF (§9.3).
    pub log_number: u64,
    pub current: Arc<Version>,
    /// The comparator name the MANIFEST recorded (or will record) for this CF.
    pub comparator_name: Option<String>,
    /// The comparator ordering this CF's files: the one it was opened with. None for a CF a
    /// read-only open did not open whose recorded comparator is not a built-in one (its
    /// files are kept in MANIFEST order and never looked at).
    pub icmp: Option<InternalKeyComparator>,
    /// The epoch number the next file added without one gets (RocksDB's
    /// ColumnFamilyData::NewEpochNumber): flushed and ingested files are the newest.
    pub next_epoch_number: u64,
}

pub struct VersionSet {
    fs: Arc<dyn FileSystem>,
    dbname: PathBuf,
    num_levels: usize,
    /// The default column family's comparator.
    icmp: InternalKeyComparator,
    /// The comparators of the column families being opened or created, by name (the
    /// default one's is `icmp`).
    cf_comparators: HashMap<String, Comparator>,
    cfs: BTreeMap<u32, ColumnFamilyData>,
    next_file_number: u64,
    last_sequence: u64,
    prev_log_number: u64,
    /// The largest tag-10 value recorded.
    min_log_number_to_keep: u64,
    max_column_family: u32,
    db_id: Option<String>,
    manifest_file_number: u64,
    manifest_file_size: u64,
    /// `None` until the first `log_and_apply` after an open, and after a failed write.
    manifest: Option<LogWriter>,
    /// MANIFESTs written whose CURRENT switch failed: CURRENT may name one of them, so
    /// they are not obsolete until a later switch succeeds.
    unconfirmed_manifests: Vec<u64>,
    /// Tables named by an edit whose MANIFEST write failed: the record may still have reached
    /// the MANIFEST that CURRENT names, so a reopen may need them. They are kept until a new
    /// MANIFEST (a snapshot without them) is in place (RocksDB's files_to_quarantine).
    quarantined: std::collections::BTreeSet<u64>,
    max_manifest_file_size: u64,
}

impl VersionSet {
    pub fn new(fs: Arc<dyn FileSystem>, dbname: PathBuf, num_levels: usize, icmp: InternalKeyComparator) -> Self {
        let mut vs = VersionSet {
            fs,
            dbname,
            num_levels: num_levels.max(1),
            icmp,
            cf_comparators: HashMap::new(),
            cfs: BTreeMap::new(),
            next_file_number: 2,
            last_sequence: 0,
            prev_log_number: 0,
            min_log_number_to_keep: 0,
            max_column_family: 0,
            db_id: None,
            manifest_file_number: 0,
            manifest_file_size: 0,
            manifest: None,
            unconfirmed_manifests: Vec::new(),
            quarantined: std::collections::BTreeSet::new(),
            max_manifest_file_size: DEFAULT_MAX_MANIFEST_FILE_SIZE,
        };
        vs.cfs.insert(0, vs.new_cf(0, DEFAULT_COLUMN_FAMILY_NAME));
        vs
    }

    /// Declares the comparator a column family is opened or created with (before `recover`
    /// or the edit that adds it).
    pub fn set_cf_comparator(&mut self, cf_name: &str, comparator: Comparator) {
        self.cf_comparators.insert(cf_name.to_string(), comparator);
    }

    pub fn set_max_manifest_file_size(&mut self, bytes: u64) {
        self.max_manifest_file_size = bytes.max(1);
    }

    /// The declared comparator of a column family (the default one's for the default CF).
    fn declared_comparator(&self, cf_name: &str) -> Option<Comparator> {
        match self.cf_comparators.get(cf_name) {
            Some(c) => Some(c.clone()),
            None if cf_name == DEFAULT_COLUMN_FAMILY_NAME => Some(self.icmp.user.clone()),
            None => None,
        }
    }

    /// The comparator a column family's files are ordered by: the declared one, else the
    /// built-in one its recorded name names, else (an unknown comparator of a column family
    /// that is not being opened) none.
    fn comparator_for(&self, cf_name: &str, recorded: Option<&str>) -> Option<Comparator> {
        self.declared_comparator(cf_name).or_else(|| recorded.and_then(Comparator::from_name))
    }

    fn new_cf(&self, id: u32, name: &str) -> ColumnFamilyData {
        let cmp = self.declared_comparator(name).unwrap_or_else(|| self.icmp.user.clone());
        ColumnFamilyData {
            id,
            name: name.to_string(),
            log_number: 0,
            current: Arc::new(Version::new(self.num_levels)),
            comparator_name: Some(cmp.name().into_owned()),
            icmp: Some(InternalKeyComparator::new(cmp.clone())),
            next_epoch_number: 1,
        }
    }

    /// NewDB: MANIFEST-000001 = {comparator, LogNumber 0, NextFileNumber 2, LastSequence 0}, synced, then CURRENT.
    pub fn create_new(&mut self) -> Result<()> {
        let edit = VersionEdit {
            comparator: Some(self.icmp.user.name().into_owned()),
            log_number: Some(0),
            next_file_number: Some(2),
            last_sequence: Some(0),
            ..Default::default()
        };
        let manifest_number = 1;
        let path = self.dbname.join(manifest_file_name(manifest_number));
        let written = (|| {
            let mut w = LogWriter::new(self.fs.new_writable_file(&path)?, manifest_number, false);
            let mut rec = Vec::new();
            edit.encode(&mut rec);
            w.add_record(&rec)?;
            w.sync()?;
            w.close()?;
            Ok(w.file_size())
        })();
        let size = match written {
            Ok(size) => size,
            Err(e) => {
                let _ = self.fs.remove_file(&path);
                return Err(e);
            }
        };
        // As RocksDB's NewDB: once the MANIFEST is written it stays, even when switching
        // CURRENT to it fails (CURRENT may name it already).
        set_current_file(self.fs.as_ref(), &self.dbname, manifest_number)?;
        self.cfs = BTreeMap::from([(0, self.new_cf(0, DEFAULT_COLUMN_FAMILY_NAME))]);
        self.next_file_number = 2;
        self.last_sequence = 0;
        self.prev_log_number = 0;
        self.min_log_number_to_keep = 0;
        self.max_column_family = 0;
        self.db_id = None;
        self.manifest_file_number = manifest_number;
        self.manifest_file_size = size;
        self.manifest = None;
        Ok(())
    }

    /// Reads CURRENT and replays the MANIFEST it names (see `ManifestReplay`).
    pub fn recover(&mut self) -> Result<()> {
        let manifest_number = read_current(self.fs.as_ref(), &self.dbname)?;
        let replay = ManifestReplay::run(self.fs.as_ref(), &self.dbname, manifest_number)?;
        replay.check_required_tags()?;
        let mut cfs = BTreeMap::new();
        let mut max_seqno_in_files = 0;
        let mut max_file_number = 0;
        for (id, cf) in replay.cfs {
            let declared = self.declared_comparator(&cf.name);
            if let (Some(recorded), Some(c)) = (&cf.comparator_name, &declared) {
                let expected = c.name();
                if *recorded != expected {
                    // RocksDB names timestamp-aware comparators "<name>.u64ts".
                    if recorded.ends_with(".u64ts") {
                        return Err(Error::not_supported(format!(
                            "user-defined timestamps (column family {} uses comparator {recorded})",
                            cf.name
                        )));
                    }
                    return Err(Error::invalid_argument(format!(
                        "{expected}: does not match existing comparator {recorded}"
                    )));
                }
            }
            let cmp = self.comparator_for(&cf.name, cf.comparator_name.as_deref());
            let comparator_name =
                cf.comparator_name.clone().or_else(|| cmp.as_ref().map(|c| c.name().into_owned()));
            let icmp = cmp.map(InternalKeyComparator::new);
            let version = match &icmp {
                Some(icmp) => cf.builder.build(icmp, self.num_levels)?,
                None => cf.builder.build_unordered(self.num_levels)?,
            };
            let mut next_epoch_number = 1;
            let version = crate::version::version::infer_epoch_numbers(&version, &mut next_epoch_number).unwrap_or(version);
            max_seqno_in_files = max_seqno_in_files.max(version.max_largest_seqno());
            max_file_number = version.all_file_numbers().fold(max_file_number, u64::max);
            cfs.insert(
                id,
                ColumnFamilyData {
                    id,
                    name: cf.name,
                    log_number: cf.log_number,
                    current: Arc::new(version),
                    comparator_name,
                    icmp,
                    next_epoch_number,
                },
            );
        }
        self.cfs = cfs;
        // RocksDB continues one past the recorded counter; NextFileNumber must
        // also pass every number in use (§9.1).
        self.next_file_number = replay.next_file_number.saturating_add(1).max(2);
        for n in [max_file_number, manifest_number, replay.prev_log_number, replay.max_log_number] {
            self.mark_file_number_used(n);
        }
        self.last_sequence = replay.last_sequence.max(max_seqno_in_files);
        self.prev_log_number = replay.prev_log_number;
        self.min_log_number_to_keep = replay.min_log_number_to_keep;
        self.max_column_family = replay.max_column_family.max(self.cfs.keys().copied().max().unwrap_or(0));
        self.db_id = replay.db_id;
        self.manifest_file_number = manifest_number;
        self.manifest_file_size = replay.manifest_size;
        self.manifest = None;
        Ok(())
    }

    /// Read-only listing for rocksdb_list_column_families: names in id order.
    pub fn list_column_families(fs: &dyn FileSystem, dbname: &Path) -> Result<Vec<String>> {
        let manifest_number = read_current(fs, dbname)?;
        let mut names: BTreeMap<u32, String> = BTreeMap::new();
        names.insert(0, DEFAULT_COLUMN_FAMILY_NAME.to_string());
        for_each_edit(fs, dbname, manifest_number, |edit| {
            if let Some(name) = &edit.column_family_add {
                names.insert(edit.column_family, name.clone());
            } else if edit.column_family_drop {
                names.remove(&edit.column_family);
            }
            Ok(())
        })?;
        Ok(names.into_values().collect())
    }

    /// Applies `edits` atomically: written to the MANIFEST (one record each,
    /// tagged as an atomic group when there are several), synced, and only
    /// then installed. Fills in each edit's NextFileNumber and LastSequence.
    ///
    /// Edits for a column family that no longer exists (dropped while a flush
    /// or compaction ran) are skipped, as RocksDB does; if that leaves nothing,
    /// the result is "Column family dropped".
    pub fn log_and_apply(&mut self, edits: Vec<VersionEdit>) -> Result<()> {
        if edits.is_empty() {
            return Ok(());
        }
        let mut live: std::collections::BTreeSet<u32> = self.cfs.keys().copied().collect();
        let mut edits: Vec<VersionEdit> = edits
            .into_iter()
            .filter(|e| {
                if e.column_family_add.is_some() {
                    live.insert(e.column_family);
                    return true;
                }
                let keep = live.contains(&e.column_family);
                if e.column_family_drop {
                    live.remove(&e.column_family);
                }
                keep
            })
            .collect();
        if edits.is_empty() {
            return Err(Error::new(crate::error::Code::ColumnFamilyDropped, ""));
        }
        // Counters first: every number an edit mentions is in use (§9.1), and
        // LastSequence covers every file (§9.2).
        let mut last_sequence = self.last_sequence;
        for e in &edits {
            for (_, f) in &e.new_files {
                self.mark_file_number_used(f.number);
                last_sequence = last_sequence.max(f.largest_seqno);
            }
            if let Some(n) = e.log_number {
                self.mark_file_number_used(n);
            }
            if let Some(n) = e.last_sequence {
                last_sequence = last_sequence.max(n);
            }
        }
        let new_manifest = self.manifest.is_none() || self.manifest_file_size >= self.max_manifest_file_size;
        let new_manifest_number = if new_manifest { Some(self.new_file_number()) } else { None };
        let group = edits.len();
        for (i, e) in edits.iter_mut().enumerate() {
            e.next_file_number = Some(e.next_file_number.unwrap_or(0).max(self.next_file_number));
            e.last_sequence = Some(last_sequence);
            if group > 1 {
                e.remaining_in_atomic_group = Some((group - 1 - i) as u32);
            }
        }

        let mut state = self.cfs.clone();
        let mut max_column_family = self.max_column_family;
        let mut min_log_number_to_keep = self.min_log_number_to_keep;
        let mut prev_log_number = self.prev_log_number;
        let mut builders: BTreeMap<u32, VersionBuilder> = BTreeMap::new();
        for e in edits.iter_mut() {
            let id = e.column_family;
            if let Some(name) = &e.column_family_add {
                if state.contains_key(&id) {
                    return Err(Error::invalid_argument(format!("Column family already exists: {name}")));
                }
                let mut cf = self.new_cf(id, name);
                if let Some(c) = &e.comparator {
                    cf.comparator_name = Some(c.clone());
                }
                state.insert(id, cf);
                builders.remove(&id);
                max_column_family = max_column_family.max(id);
            } else if e.column_family_drop {
                if id == 0 || state.remove(&id).is_none() {
                    return Err(Error::invalid_argument(format!("Cannot drop column family {id}")));
                }
                builders.remove(&id);
            }
            if let Some(n) = e.max_column_family {
                max_column_family = max_column_family.max(n);
            }
            if let Some(n) = e.min_log_number_to_keep {
                min_log_number_to_keep = min_log_number_to_keep.max(n);
            }
            if let Some(n) = e.prev_log_number {
                prev_log_number = n;
            }
            if e.column_family_drop {
                continue;
            }
            let Some(cf) = state.get_mut(&id) else {
                return Err(Error::invalid_argument(format!("Invalid column family specified in write batch: {id}")));
            };
            if let Some(n) = e.log_number {
                cf.log_number = cf.log_number.max(n);
            }
            for (_, f) in e.new_files.iter_mut() {
                if f.epoch_number == 0 {
                    f.epoch_number = cf.next_epoch_number;
                }
                cf.next_epoch_number = cf.next_epoch_number.max(f.epoch_number + 1);
            }
            let current = cf.current.clone();
            builders.entry(id).or_insert_with(|| VersionBuilder::new(&current)).apply(e)?;
        }
        for (id, builder) in builders {
            if let Some(cf) = state.get_mut(&id) {
                let Some(icmp) = &cf.icmp else {
                    return Err(Error::invalid_argument(format!("Column family not opened: {}", cf.name)));
                };
                cf.current = Arc::new(builder.build(icmp, self.num_levels)?);
            }
        }

        if let Err(e) = self.write_manifest(new_manifest_number, &edits) {
            self.quarantined.extend(edits.iter().flat_map(|e| e.new_files.iter().map(|(_, f)| f.number)));
            return Err(e);
        }

        self.cfs = state;
        self.last_sequence = last_sequence;
        self.max_column_family = max_column_family;
        self.min_log_number_to_keep = min_log_number_to_keep;
        self.prev_log_number = prev_log_number;
        Ok(())
    }

    /// Appends `edits` (after a full snapshot when starting `new_manifest_number`).
    fn write_manifest(&mut self, new_manifest_number: Option<u64>, edits: &[VersionEdit]) -> Result<()> {
        let mut rec = Vec::new();
        let Some(number) = new_manifest_number else {
            let result = match self.manifest.as_mut() {
                Some(w) => (|| {
                    for e in edits {
                        rec.clear();
                        e.encode(&mut rec);
                        w.add_record(&rec)?;
                    }
                    w.sync()?;
                    Ok(w.file_size())
                })(),
                None => Err(Error::io("MANIFEST writer missing")),
            };
            return match result {
                Ok(size) => {
                    self.manifest_file_size = size;
                    Ok(())
                }
                Err(e) => {
                    self.manifest = None;
                    Err(e)
                }
            };
        };
        let path = self.dbname.join(manifest_file_name(number));
        let snapshot = self.snapshot_edits();
        let written = (|| {
            let mut w = LogWriter::new(self.fs.new_writable_file(&path)?, number, false);
            for e in snapshot.iter().chain(edits) {
                rec.clear();
                e.encode(&mut rec);
                w.add_record(&rec)?;
            }
            w.sync()?;
            Ok(w)
        })();
        let mut w = match written {
            Ok(w) => w,
            Err(e) => {
                // CURRENT still names the old MANIFEST: the new one is garbage.
                let _ = self.fs.remove_file(&path);
                self.manifest = None;
                return Err(e);
            }
        };
        if let Err(e) = set_current_file(self.fs.as_ref(), &self.dbname, number) {
            // CURRENT names the old MANIFEST or, when only the directory sync after the rename
            // failed, the new one: both stay, and the next call writes another MANIFEST and
            // switches CURRENT again (RocksDB's ProcessManifestWrites deletes the new MANIFEST
            // only when writing it failed).
            let _ = w.close();
            self.unconfirmed_manifests.push(number);
            self.manifest = None;
            return Err(e);
        }
        if let Some(mut old) = self.manifest.take() {
            let _ = old.close();
        }
        self.unconfirmed_manifests.clear();
        self.quarantined.clear();
        self.manifest_file_size = w.file_size();
        self.manifest = Some(w);
        self.manifest_file_number = number;
        Ok(())
    }

    /// Whether MANIFEST `n` may still be named by CURRENT (the live one, or one whose CURRENT
    /// switch failed), so that it must not be deleted.
    pub fn manifest_in_use(&self, n: u64) -> bool {
        n == self.manifest_file_number || self.unconfirmed_manifests.contains(&n)
    }

    /// Tables that are not obsolete although no version holds them (see `quarantined`).
    pub fn quarantined_tables(&self) -> impl Iterator<Item = u64> + '_ {
        self.quarantined.iter().copied()
    }

    /// The whole current state as MANIFEST records, in the order RocksDB's
    /// WriteCurrentStateToManifest uses (§4.5).
    fn snapshot_edits(&self) -> Vec<VersionEdit> {
        let mut out = Vec::new();
        if let Some(id) = &self.db_id {
            out.push(VersionEdit { db_id: Some(id.clone()), ..Default::default() });
        }
        for cf in self.cfs.values() {
            out.push(VersionEdit {
                column_family: cf.id,
                column_family_add: (cf.id != 0).then(|| cf.name.clone()),
                comparator: cf
                    .comparator_name
                    .clone()
                    .or_else(|| cf.icmp.as_ref().map(|c| c.user.name().into_owned())),
                ..Default::default()
            });
            let mut files = VersionEdit {
                column_family: cf.id,
                log_number: Some(cf.log_number),
                last_sequence: Some(self.last_sequence),
                min_log_number_to_keep: (cf.id == 0 && self.min_log_number_to_keep != 0)
                    .then_some(self.min_log_number_to_keep),
                ..Default::default()
            };
            for (level, f) in cf.current.all_files() {
                files.new_files.push((level as u32, f.as_ref().clone()));
            }
            out.push(files);
        }
        out.push(VersionEdit {
            prev_log_number: Some(self.prev_log_number),
            next_file_number: Some(self.next_file_number),
            last_sequence: Some(self.last_sequence),
            max_column_family: (self.max_column_family > 0).then_some(self.max_column_family),
            ..Default::default()
        });
        out
    }

    pub fn dbname(&self) -> &Path {
        &self.dbname
    }
    pub fn num_levels(&self) -> usize {
        self.num_levels
    }
    /// The default column family's comparator.
    pub fn icmp(&self) -> &InternalKeyComparator {
        &self.icmp
    }
    pub fn new_file_number(&mut self) -> u64 {
        let n = self.next_file_number;
        self.next_file_number += 1;
        n
    }
    pub fn next_file_number(&self) -> u64 {
        self.next_file_number
    }
    pub fn mark_file_number_used(&mut self, n: u64) {
        if n >= self.next_file_number {
            self.next_file_number = n.saturating_add(1);
        }
    }
    pub fn last_sequence(&self) -> u64 {
        self.last_sequence
    }
    /// Never moves backwards: LastSequence must stay >= every file's largest_seqno (§9.2).
    pub fn set_last_sequence(&mut self, s: u64) {
        self.last_sequence = self.last_sequence.max(s);
    }
    pub fn prev_log_number(&self) -> u64 {
        self.prev_log_number
    }
    /// WALs below this number are not needed: max(recorded MinLogNumberToKeep,
    /// min over live CFs of their LogNumber) (§4.6).
    pub fn min_log_number_to_keep(&self) -> u64 {
        self.min_log_number_to_keep.max(self.min_log_number_with_unflushed_data())
    }
    /// Min over live CFs of their LogNumber.
    pub fn min_log_number_with_unflushed_data(&self) -> u64 {
        self.cfs.values().map(|c| c.log_number).min().unwrap_or(0)
    }
    pub fn manifest_file_number(&self) -> u64 {
        self.manifest_file_number
    }
    pub fn manifest_file_size(&self) -> u64 {
        self.manifest_file_size
    }
    pub fn column_families(&self) -> impl Iterator<Item = &ColumnFamilyData> {
        self.cfs.values()
    }
    pub fn cf(&self, id: u32) -> Option<&ColumnFamilyData> {
        self.cfs.get(&id)
    }
    pub fn cf_by_name(&self, name: &str) -> Option<&ColumnFamilyData> {
        self.cfs.values().find(|c| c.name == name)
    }
    /// Recovered column family names in id order (for "Column families not opened").
    pub fn cf_names(&self) -> Vec<String> {
        self.cfs.values().map(|c| c.name.clone()).collect()
    }
    pub fn max_column_family(&self) -> u32 {
        self.max_column_family
    }
    pub fn db_id(&self) -> Option<&str> {
        self.db_id.as_deref()
    }
    /// Records the DB id in the next MANIFEST snapshot (RocksDB's write_dbid_to_manifest).
    pub fn set_db_id(&mut self, id: Option<String>) {
        self.db_id = id;
    }
    /// Every table file number referenced by a live column family.
    pub fn live_files(&self) -> Vec<u64> {
        self.cfs.values().flat_map(|c| c.current.all_file_numbers().collect::<Vec<_>>()).collect()
    }
}

/// Reads CURRENT and returns the MANIFEST number it names (RocksDB's wording for errors).
pub fn read_current(fs: &dyn FileSystem, dbname: &Path) -> Result<u64> {
    let data = read_file_to_vec(fs, &dbname.join(CURRENT_FILE_NAME))?;
    let Some((b'\n', name)) = data.split_last() else {
        return Err(Error::corruption("CURRENT file does not end with newline"));
    };
    match std::str::from_utf8(name).ok().and_then(parse_file_name) {
        Some((FileType::Manifest, n)) => Ok(n),
        _ => Err(Error::corruption("CURRENT file corrupted")),
    }
}

/// Calls `f` on every edit of the MANIFEST in file order; returns the bytes read.
fn for_each_edit(
    fs: &dyn FileSystem,
    dbname: &Path,
    manifest_number: u64,
    mut f: impl FnMut(&VersionEdit) -> Result<()>,
) -> Result<u64> {
    let path = dbname.join(manifest_file_name(manifest_number));
    let size = fs.file_size(&path)?;
    let mut reader = LogReader::new(fs.new_sequential_file(&path)?, manifest_number, true);
    let mut rec = Vec::new();
    while reader.read_record(&mut rec)? {
        f(&VersionEdit::decode(&rec)?)?;
    }
    Ok(size)
}

struct ReplayCf {
    name: String,
    log_number: u64,
    comparator_name: Option<String>,
    builder: VersionBuilder,
}

/// The state accumulated by replaying a MANIFEST, as RocksDB's VersionEditHandler does.
struct ManifestReplay {
    cfs: BTreeMap<u32, ReplayCf>,
    has_log_number: bool,
    has_next_file: bool,
    has_last_sequence: bool,
    next_file_number: u64,
    last_sequence: u64,
    prev_log_number: u64,
    max_log_number: u64,
    min_log_number_to_keep: u64,
    max_column_family: u32,
    db_id: Option<String>,
    manifest_size: u64,
}

impl ManifestReplay {
    fn run(fs: &dyn FileSystem, dbname: &Path, manifest_number: u64) -> Result<ManifestReplay> {
        let mut r = ManifestReplay {
            cfs: BTreeMap::new(),
            has_log_number: false,
            has_next_file: false,
            has_last_sequence: false,
            next_file_number: 0,
            last_sequence: 0,
            prev_log_number: 0,
            max_log_number: 0,
            min_log_number_to_keep: 0,
            max_column_family: 0,
            db_id: None,
            manifest_size: 0,
        };
        r.cfs.insert(
            0,
            ReplayCf {
                name: DEFAULT_COLUMN_FAMILY_NAME.to_string(),
                log_number: 0,
                comparator_name: None,
                builder: VersionBuilder::new(&Version::default()),
            },
        );
        // Records of an atomic group are applied together once the group is
        // complete; a group cut off by the end of the MANIFEST is dropped.
        let mut group: Vec<VersionEdit> = Vec::new();
        r.manifest_size = for_each_edit(fs, dbname, manifest_number, |edit| {
            match edit.remaining_in_atomic_group {
                Some(remaining) => {
                    if let Some(prev) = group.last().and_then(|e| e.remaining_in_atomic_group) {
                        if prev != remaining + 1 {
                            return Err(Error::corruption("Mismatched remaining entries count in atomic group"));
                        }
                    }
                    group.push(edit.clone());
                    if remaining == 0 {
                        for e in std::mem::take(&mut group) {
                            r.apply(&e)?;
                        }
                    }
                    Ok(())
                }
                None if !group.is_empty() => Err(Error::corruption("Atomic group not completed")),
                None => r.apply(edit),
            }
        })?;
        Ok(r)
    }

    fn apply(&mut self, e: &VersionEdit) -> Result<()> {
        let id = e.column_family;
        if let Some(name) = &e.column_family_add {
            if self.cfs.contains_key(&id) {
                return Err(Error::corruption(format!("MANIFEST adding the same column family twice: {name}")));
            }
            self.cfs.insert(
                id,
                ReplayCf {
                    name: name.clone(),
                    log_number: 0,
                    comparator_name: None,
                    builder: VersionBuilder::new(&Version::default()),
                },
            );
            self.max_column_family = self.max_column_family.max(id);
        } else if e.column_family_drop && self.cfs.remove(&id).is_none() {
            return Err(Error::corruption("MANIFEST - dropping non-existing column family"));
        }
        if !e.column_family_drop {
            let Some(cf) = self.cfs.get_mut(&id) else {
                return Err(Error::corruption("MANIFEST record referencing unknown column family"));
            };
            cf.builder.apply(e)?;
            if let Some(n) = e.log_number {
                // A decreasing log number is ignored, as RocksDB does (with a warning).
                cf.log_number = cf.log_number.max(n);
            }
            if let Some(c) = &e.comparator {
                cf.comparator_name = Some(c.clone());
            }
        }
        if let Some(n) = e.log_number {
            self.has_log_number = true;
            self.max_log_number = self.max_log_number.max(n);
        }
        if let Some(n) = e.next_file_number {
            self.has_next_file = true;
            self.next_file_number = n;
        }
        if let Some(n) = e.last_sequence {
            self.has_last_sequence = true;
            self.last_sequence = n;
        }
        if let Some(n) = e.prev_log_number {
            self.prev_log_number = n;
        }
        if let Some(n) = e.min_log_number_to_keep {
            self.min_log_number_to_keep = self.min_log_number_to_keep.max(n);
        }
        if let Some(n) = e.max_column_family {
            self.max_column_family = self.max_column_family.max(n);
        }
        if let Some(id) = &e.db_id {
            self.db_id = Some(id.clone());
        }
        Ok(())
    }

    fn check_required_tags(&self) -> Result<()> {
        let mut missing = Vec::new();
        if !self.has_log_number {
            missing.push("log_file_number");
        }
        if !self.has_next_file {
            missing.push("next_file_number");
        }
        if !self.has_last_sequence {
            missing.push("last_sequence");
        }
        if missing.is_empty() {
            return Ok(());
        }
        Err(Error::corruption(format!("no {} entry in MANIFEST", missing.join(", "))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::env::posix::PosixFileSystem;
    use crate::key::{make_internal_key, ValueType};
    use crate::version::edit::FileMetaData;

    use crate::util::testutil::TempDir;

    fn fs() -> Arc<dyn FileSystem> {
        Arc::new(PosixFileSystem)
    }

    fn vset(dir: &Path) -> VersionSet {
        VersionSet::new(fs(), dir.to_path_buf(), 7, InternalKeyComparator::default())
    }

    fn file(number: u64, small: &[u8], large: &[u8], sseq: u64, lseq: u64) -> FileMetaData {
        FileMetaData {
            number,
            file_size: 1000 + number,
            smallest: make_internal_key(small, sseq, ValueType::Value),
            largest: make_internal_key(large, lseq, ValueType::Value),
            smallest_seqno: sseq,
            largest_seqno: lseq,
            file_creation_time: 1_700_000_000,
            ..Default::default()
        }
    }

    fn levels(v: &Version) -> Vec<Vec<u64>> {
        v.levels.iter().map(|l| l.iter().map(|f| f.number).collect()).collect()
    }

    /// Writes raw records (with our framing) as MANIFEST-000001 and points CURRENT at it.
    fn write_manifest(dir: &Path, records: &[Vec<u8>]) -> PathBuf {
        let f = fs();
        let path = dir.join("MANIFEST-000001");
        let mut w = LogWriter::new(f.new_writable_file(&path).unwrap(), 1, false);
        for r in records {
            w.add_record(r).unwrap();
        }
        w.sync().unwrap();
        w.close().unwrap();
        set_current_file(f.as_ref(), dir, 1).unwrap();
        path
    }

    fn encoded(e: VersionEdit) -> Vec<u8> {
        let mut b = Vec::new();
        e.encode(&mut b);
        b
    }

    #[test]
    fn create_new_writes_the_newdb_manifest_and_recovers() {
        let d = TempDir::created("create");
        let mut vs = vset(&d.0);
        vs.create_new().unwrap();
        assert_eq!(std::fs::read(d.0.join("CURRENT")).unwrap(), b"MANIFEST-000001\n");
        let mut expected_payload = vec![1, 26];
        expected_payload.extend_from_slice(b"leveldb.BytewiseComparator");
        expected_payload.extend_from_slice(&[2, 0, 3, 2, 4, 0]);
        let bytes = std::fs::read(d.0.join("MANIFEST-000001")).unwrap();
        assert_eq!(&bytes[7..], &expected_payload[..]);
        assert_eq!(bytes.len() as u64, vs.manifest_file_size());

        let mut again = vset(&d.0);
        again.recover().unwrap();
        assert_eq!(again.next_file_number(), 3);
        assert_eq!(again.last_sequence(), 0);
        assert_eq!(again.manifest_file_number(), 1);
        assert_eq!(again.cf_names(), vec!["default"]);
    }

    #[test]
    fn the_minimal_verified_manifest_recovers() {
        let d = TempDir::created("minimal");
        std::fs::write(d.0.join("MANIFEST-000001"), [0xc4, 0xc1, 0x9f, 0x5b, 0x06, 0x00, 0x01, 0x02, 0x00, 0x03, 0x02, 0x04, 0x00])
            .unwrap();
        std::fs::write(d.0.join("CURRENT"), b"MANIFEST-000001\n").unwrap();
        let mut vs = vset(&d.0);
        vs.recover().unwrap();
        assert_eq!(vs.next_file_number(), 3);
        assert_eq!(vs.cf(0).unwrap().current.num_files(0), 0);
    }

    #[test]
    fn log_and_apply_then_recover_sees_the_same_state() {
        let d = TempDir::created("apply");
        let mut vs = vset(&d.0);
        vs.create_new().unwrap();
        let wal = vs.new_file_number();
        let t1 = vs.new_file_number();
        let t2 = vs.new_file_number();
        let mut flush = VersionEdit { log_number: Some(wal), prev_log_number: Some(0), ..Default::default() };
        flush.add_file(0, file(t1, b"a", b"m", 1, 10));
        flush.add_file(0, file(t2, b"c", b"z", 11, 20));
        vs.set_last_sequence(20);
        vs.log_and_apply(vec![flush]).unwrap();
        // The first call started a new MANIFEST and switched CURRENT.
        let m1 = vs.manifest_file_number();
        assert_ne!(m1, 1);
        assert_eq!(std::fs::read(d.0.join("CURRENT")).unwrap(), format!("MANIFEST-{m1:06}\n").into_bytes());

        // A column family and a trivial move, in one atomic group.
        let t3 = vs.new_file_number();
        let add_cf = VersionEdit {
            column_family: 1,
            column_family_add: Some("meta".into()),
            comparator: Some("leveldb.BytewiseComparator".into()),
            log_number: Some(wal),
            ..Default::default()
        };
        let mut cf_file = VersionEdit { column_family: 1, ..Default::default() };
        cf_file.add_file(1, file(t3, b"k", b"q", 21, 25));
        let mut mv = VersionEdit::default();
        mv.delete_file(0, t1);
        mv.add_file(6, file(t1, b"a", b"m", 1, 10));
        vs.log_and_apply(vec![add_cf, cf_file, mv]).unwrap();
        assert_eq!(vs.manifest_file_number(), m1, "later calls append");
        assert_eq!(vs.last_sequence(), 25, "LastSequence covers every file");
        let size = vs.manifest_file_size();
        assert_eq!(std::fs::metadata(d.0.join(manifest_file_name(m1))).unwrap().len(), size);

        let mut again = vset(&d.0);
        again.recover().unwrap();
        assert_eq!(again.cf_names(), vec!["default", "meta"]);
        assert_eq!(levels(&again.cf(0).unwrap().current), levels(&vs.cf(0).unwrap().current));
        assert_eq!(levels(&again.cf(0).unwrap().current)[0], vec![t2]);
        assert_eq!(levels(&again.cf(0).unwrap().current)[6], vec![t1]);
        assert_eq!(levels(&again.cf_by_name("meta").unwrap().current)[1], vec![t3]);
        assert_eq!(again.cf(0).unwrap().log_number, wal);
        assert_eq!(again.cf(1).unwrap().log_number, wal);
        assert_eq!(again.last_sequence(), 25);
        assert_eq!(again.max_column_family(), 1);
        assert!(again.next_file_number() > t3);
        assert!(again.next_file_number() > m1);
        let f = &again.cf(0).unwrap().current.levels[6][0];
        assert_eq!((f.file_size, f.smallest_seqno, f.largest_seqno, f.file_creation_time), (1000 + t1, 1, 10, 1_700_000_000));

        // The recovered set writes a fresh snapshot, which recovers the same way; then drop the CF.
        again
            .log_and_apply(vec![VersionEdit {
                column_family: 1,
                column_family_drop: true,
                max_column_family: Some(1),
                ..Default::default()
            }])
            .unwrap();
        assert!(again.manifest_file_number() > m1);
        let mut third = vset(&d.0);
        third.recover().unwrap();
        assert_eq!(third.cf_names(), vec!["default"]);
        assert_eq!(levels(&third.cf(0).unwrap().current)[6], vec![t1]);
        assert_eq!(third.max_column_family(), 1);
        assert_eq!(VersionSet::list_column_families(fs().as_ref(), &d.0).unwrap(), vec!["default"]);
        assert_eq!(VersionSet::list_column_families(fs().as_ref(), &d.0).unwrap(), third.cf_names());
    }

    #[test]
    fn a_rejected_edit_changes_nothing() {
        let d = TempDir::created("reject");
        let mut vs = vset(&d.0);
        vs.create_new().unwrap();
        let mut a = VersionEdit::default();
        a.add_file(1, file(10, b"a", b"m", 1, 1));
        vs.log_and_apply(vec![a]).unwrap();
        let mut overlapping = VersionEdit::default();
        overlapping.add_file(1, file(11, b"k", b"z", 2, 2));
        let err = vs.log_and_apply(vec![overlapping]).unwrap_err();
        assert!(err.to_string().contains("L1 has overlapping ranges"), "{err}");
        assert_eq!(levels(&vs.cf(0).unwrap().current)[1], vec![10]);
        let mut again = vset(&d.0);
        again.recover().unwrap();
        assert_eq!(levels(&again.cf(0).unwrap().current)[1], vec![10]);
    }

    #[test]
    fn overlapping_l1_files_in_a_manifest_fail_recovery() {
        let d = TempDir::created("overlap");
        let mut e = VersionEdit { log_number: Some(0), next_file_number: Some(20), last_sequence: Some(5), ..Default::default() };
        e.add_file(1, file(8, b"a", b"m", 1, 1));
        e.add_file(1, file(9, b"k", b"z", 2, 2));
        write_manifest(&d.0, &[encoded(e)]);
        let err = vset(&d.0).recover().unwrap_err();
        assert!(err.is_corruption());
        assert!(err.to_string().starts_with("Corruption: force_consistency_checks: VersionBuilder: L1 has overlapping ranges"), "{err}");
    }

    #[test]
    fn missing_tags_give_rocksdb_corruption_text() {
        let d = TempDir::created("missing");
        write_manifest(&d.0, &[encoded(VersionEdit { next_file_number: Some(2), ..Default::default() })]);
        assert_eq!(
            vset(&d.0).recover().unwrap_err().to_string(),
            "Corruption: no log_file_number, last_sequence entry in MANIFEST"
        );
        write_manifest(&d.0, &[encoded(VersionEdit { log_number: Some(0), last_sequence: Some(0), ..Default::default() })]);
        assert_eq!(vset(&d.0).recover().unwrap_err().to_string(), "Corruption: no next_file_number entry in MANIFEST");
    }

    #[test]
    fn wrong_comparator_is_invalid_argument() {
        let d = TempDir::created("cmp");
        write_manifest(
            &d.0,
            &[encoded(VersionEdit {
                comparator: Some("foo".into()),
                log_number: Some(0),
                next_file_number: Some(2),
                last_sequence: Some(0),
                ..Default::default()
            })],
        );
        assert_eq!(
            vset(&d.0).recover().unwrap_err().to_string(),
            "Invalid argument: leveldb.BytewiseComparator: does not match existing comparator foo"
        );
    }

    #[test]
    fn timestamp_comparator_is_not_supported_naming_the_feature() {
        let d = TempDir::created("u64ts");
        write_manifest(
            &d.0,
            &[encoded(VersionEdit {
                comparator: Some("leveldb.BytewiseComparator.u64ts".into()),
                log_number: Some(0),
                next_file_number: Some(2),
                last_sequence: Some(0),
                ..Default::default()
            })],
        );
        assert_eq!(
            vset(&d.0).recover().unwrap_err().to_string(),
            "Not implemented: user-defined timestamps (column family default uses comparator leveldb.BytewiseComparator.u64ts)"
        );
    }

    #[test]
    fn a_manifest_cut_inside_its_last_record_recovers_the_earlier_ones() {
        let d = TempDir::created("torn");
        let base = encoded(VersionEdit { log_number: Some(0), next_file_number: Some(10), last_sequence: Some(3), ..Default::default() });
        let mut second = VersionEdit { next_file_number: Some(12), last_sequence: Some(9), ..Default::default() };
        second.add_file(0, file(11, b"a", b"b", 4, 9));
        let path = write_manifest(&d.0, &[base, encoded(second)]);
        let full = std::fs::read(&path).unwrap();
        std::fs::write(&path, &full[..full.len() - 5]).unwrap();
        let mut vs = vset(&d.0);
        vs.recover().unwrap();
        assert_eq!(vs.last_sequence(), 3);
        assert_eq!(vs.next_file_number(), 11);
        assert_eq!(vs.cf(0).unwrap().current.num_files(0), 0);
    }

    #[test]
    fn an_unfinished_atomic_group_is_dropped() {
        let d = TempDir::created("group");
        let base = encoded(VersionEdit { log_number: Some(0), next_file_number: Some(10), last_sequence: Some(3), ..Default::default() });
        let mut g0 = VersionEdit { remaining_in_atomic_group: Some(1), ..Default::default() };
        g0.add_file(2, file(5, b"a", b"b", 1, 1));
        write_manifest(&d.0, &[base, encoded(g0)]);
        let mut vs = vset(&d.0);
        vs.recover().unwrap();
        assert_eq!(vs.cf(0).unwrap().current.num_files(2), 0);
    }

    #[test]
    fn garbage_current_errors() {
        let d = TempDir::created("current");
        std::fs::write(d.0.join("CURRENT"), b"MANIFEST-000001").unwrap();
        assert_eq!(vset(&d.0).recover().unwrap_err().to_string(), "Corruption: CURRENT file does not end with newline");
        std::fs::write(d.0.join("CURRENT"), b"garbage\n").unwrap();
        assert_eq!(vset(&d.0).recover().unwrap_err().to_string(), "Corruption: CURRENT file corrupted");
        std::fs::write(d.0.join("CURRENT"), b"000001.log\n").unwrap();
        assert_eq!(vset(&d.0).recover().unwrap_err().to_string(), "Corruption: CURRENT file corrupted");
        std::fs::remove_file(d.0.join("CURRENT")).unwrap();
        assert_eq!(vset(&d.0).recover().unwrap_err().code(), crate::error::Code::IOError);
    }

    #[test]
    fn the_manifest_rolls_over_when_too_big() {
        let d = TempDir::created("roll");
        let mut vs = vset(&d.0);
        vs.create_new().unwrap();
        vs.log_and_apply(vec![VersionEdit::default()]).unwrap();
        let first = vs.manifest_file_number();
        vs.set_max_manifest_file_size(1);
        vs.log_and_apply(vec![VersionEdit::default()]).unwrap();
        assert!(vs.manifest_file_number() > first);
        let mut again = vset(&d.0);
        again.recover().unwrap();
        assert_eq!(again.manifest_file_number(), vs.manifest_file_number());
    }

    fn ldb(args: &[&str]) -> Option<(bool, String)> {
        let out = crate::util::testutil::system_command("/usr/bin/ldb").args(args).output().ok()?;
        let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
        Some((out.status.success(), text))
    }

    /// Debian's RocksDB 7.8.3 opens a MANIFEST we wrote read-write (it replays
    /// ours and writes its own), and we recover the MANIFEST it wrote.
    #[test]
    fn rocksdb_7_8_3_and_ferrock_read_each_others_manifests() {
        if !Path::new("/usr/bin/ldb").exists() {
            return;
        }
        let d = TempDir::created("interop");
        let db = d.0.to_str().unwrap().to_string();
        let mut vs = vset(&d.0);
        vs.create_new().unwrap();
        let wal = vs.new_file_number();
        vs.log_and_apply(vec![VersionEdit { log_number: Some(wal), ..Default::default() }]).unwrap();
        vs.log_and_apply(vec![VersionEdit {
            column_family: 1,
            column_family_add: Some("meta".into()),
            comparator: Some("leveldb.BytewiseComparator".into()),
            log_number: Some(wal),
            ..Default::default()
        }])
        .unwrap();
        let Some((ok, text)) = ldb(&[&format!("--db={db}"), "list_column_families"]) else { return };
        assert!(ok && text.contains("{default, meta}"), "{text}");
        let (ok, text) = ldb(&[&format!("--db={db}"), "--column_family=meta", "put", "k", "v"]).unwrap();
        assert!(ok, "{text}");
        let (ok, text) = ldb(&[&format!("--db={db}"), "--column_family=meta", "get", "k"]).unwrap();
        assert!(ok && text.trim() == "v", "{text}");

        let mut again = vset(&d.0);
        again.recover().unwrap();
        assert!(again.manifest_file_number() > vs.manifest_file_number(), "RocksDB wrote its own MANIFEST");
        assert_eq!(again.cf_names(), vec!["default", "meta"]);
        assert_eq!(again.max_column_family(), 1);
        assert!(again.next_file_number() > again.manifest_file_number());
    }

    #[test]
    fn a_failed_manifest_write_applies_nothing_and_the_next_call_starts_a_new_manifest() {
        use crate::env::fault::FaultInjectionFs;
        let d = TempDir::created("fault");
        let ffs = Arc::new(FaultInjectionFs::new(fs()));
        let mut vs = VersionSet::new(ffs.clone(), d.0.clone(), 7, InternalKeyComparator::default());
        vs.create_new().unwrap();
        let mut first = VersionEdit::default();
        first.add_file(1, file(10, b"a", b"c", 1, 1));
        vs.log_and_apply(vec![first]).unwrap();
        let m1 = vs.manifest_file_number();

        // Appending to the live MANIFEST fails at sync: nothing is installed.
        ffs.inject_sync_error("MANIFEST");
        let mut lost = VersionEdit::default();
        lost.add_file(1, file(11, b"d", b"f", 2, 2));
        assert!(vs.log_and_apply(vec![lost]).is_err());
        assert_eq!(levels(&vs.cf(0).unwrap().current)[1], vec![10]);

        // Starting the replacement MANIFEST fails too: CURRENT keeps naming the old one.
        ffs.inject_write_error("MANIFEST");
        let mut again = VersionEdit::default();
        again.add_file(1, file(12, b"g", b"h", 3, 3));
        assert!(vs.log_and_apply(vec![again.clone()]).is_err());
        assert_eq!(std::fs::read(d.0.join("CURRENT")).unwrap(), format!("MANIFEST-{m1:06}\n").into_bytes());

        // The next call writes a fresh MANIFEST with a full snapshot.
        vs.log_and_apply(vec![again]).unwrap();
        let m2 = vs.manifest_file_number();
        assert!(m2 > m1);
        assert_eq!(levels(&vs.cf(0).unwrap().current)[1], vec![10, 12]);

        // A power cut loses nothing that was acknowledged.
        ffs.drop_unsynced_data().unwrap();
        let mut recovered = vset(&d.0);
        recovered.recover().unwrap();
        assert_eq!(recovered.manifest_file_number(), m2);
        assert_eq!(levels(&recovered.cf(0).unwrap().current)[1], vec![10, 12]);
        assert_eq!(recovered.last_sequence(), 3);
    }

    /// A database written by RocksDB 7.8.3 (tables and all): we recover it,
    /// move a table with a trivial-move edit into a fresh MANIFEST of ours, and
    /// RocksDB then opens it read-write and reads every key back.
    #[test]
    fn rocksdb_7_8_3_opens_a_database_after_our_trivial_move() {
        if !Path::new("/usr/bin/ldb").exists() {
            return;
        }
        let d = TempDir::created("interop-move");
        let db = format!("--db={}", d.0.display());
        for i in 1..=3 {
            // Each run recovers the previous run's WAL into a new L0 table.
            let (ok, text) = ldb(&[&db, "--create_if_missing", "put", &format!("k{i}"), &format!("v{i}")]).unwrap();
            assert!(ok, "{text}");
        }
        let mut vs = vset(&d.0);
        vs.recover().unwrap();
        let l0 = vs.cf(0).unwrap().current.files(0).to_vec();
        assert!(l0.len() >= 2, "{:?}", levels(&vs.cf(0).unwrap().current));
        let oldest = l0.last().unwrap().as_ref().clone();
        let mut mv = VersionEdit::default();
        mv.delete_file(0, oldest.number);
        let moved = oldest.number;
        mv.add_file(6, oldest);
        vs.log_and_apply(vec![mv]).unwrap();
        assert_eq!(levels(&vs.cf(0).unwrap().current)[6], vec![moved]);

        let (ok, text) = ldb(&[&db, "scan"]).unwrap();
        assert!(ok, "{text}");
        assert_eq!(text.lines().collect::<Vec<_>>(), vec!["k1 : v1", "k2 : v2", "k3 : v3"]);
        let (ok, text) = ldb(&[&db, "put", "k4", "v4"]).unwrap();
        assert!(ok, "{text}");
        let mut again = vset(&d.0);
        again.recover().unwrap();
        assert_eq!(levels(&again.cf(0).unwrap().current)[6], vec![moved]);
        assert!(again.last_sequence() >= 3);
    }

    #[test]
    fn edits_for_a_dropped_column_family_are_skipped() {
        let d = TempDir::created("dropped");
        let mut vs = vset(&d.0);
        vs.create_new().unwrap();
        let mut late_flush = VersionEdit { column_family: 4, ..Default::default() };
        late_flush.add_file(0, file(9, b"a", b"b", 1, 1));
        let err = vs.log_and_apply(vec![late_flush.clone()]).unwrap_err();
        assert_eq!(err.code(), crate::error::Code::ColumnFamilyDropped);
        let mut kept = VersionEdit::default();
        kept.add_file(1, file(10, b"a", b"b", 1, 1));
        vs.log_and_apply(vec![late_flush, kept]).unwrap();
        let mut again = vset(&d.0);
        again.recover().unwrap();
        assert_eq!(again.live_files(), vec![10]);
    }
}
