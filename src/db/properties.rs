//! `rocksdb.*` properties: what `GetProperty` / `GetIntProperty` answer, with RocksDB's names
//! and, for `rocksdb.stats`, RocksDB's layout.

use super::{ColumnFamily, ColumnFamilyHandle, Db, DbInner};
use std::fmt::Write as _;
use std::sync::atomic::Ordering;

impl Db {
    /// `rocksdb.*` string properties; None when the name is unknown.
    pub fn property_value_cf(&self, cf: &ColumnFamilyHandle, name: &str) -> Option<String> {
        let c = self.inner.cf_for_handle(cf).ok()?;
        self.inner.property(&c, name)
    }
    /// `property_value_cf` of the default column family (RocksDB's `GetProperty`), e.g.
    /// `rocksdb.stats`, `rocksdb.num-files-at-level0`.
    pub fn property_value(&self, name: &str) -> Option<String> {
        self.property_value_cf(&ColumnFamilyHandle { id: 0, name: "default".into() }, name)
    }
    /// ferrock's own: a property whose text is a number, parsed, the string-only ones
    /// (`rocksdb.num-files-at-level<N>`) included, which `property_int_cf` (RocksDB's
    /// GetIntProperty) has no answer for.
    pub fn property_u64_cf(&self, cf: &ColumnFamilyHandle, name: &str) -> Option<u64> {
        self.property_value_cf(cf, name)?.parse().ok()
    }
    /// `property_u64_cf` of the default column family.
    pub fn property_u64(&self, name: &str) -> Option<u64> {
        self.property_u64_cf(&ColumnFamilyHandle { id: 0, name: "default".into() }, name)
    }
    /// An integer property (RocksDB's `GetIntProperty`), e.g. `rocksdb.estimate-num-keys`;
    /// None when the name is unknown or not an integer property.
    pub fn property_int_cf(&self, cf: &ColumnFamilyHandle, name: &str) -> Option<u64> {
        let c = self.inner.cf_for_handle(cf).ok()?;
        self.inner.int_property(&c, name)
    }
    /// `property_int_cf` of the default column family.
    pub fn property_int(&self, name: &str) -> Option<u64> {
        self.property_int_cf(&ColumnFamilyHandle { id: 0, name: "default".into() }, name)
    }
    /// RocksDB's GetAggregatedIntProperty: the sum of an integer property over the live column
    /// families; None when the name is unknown.
    pub fn aggregated_int_property(&self, name: &str) -> Option<u64> {
        let cfs: Vec<_> = self.inner.cfs.read().values().filter(|c| !c.dropped.load(Ordering::Acquire)).cloned().collect();
        let mut total = 0u64;
        for c in cfs {
            total = total.saturating_add(self.inner.int_property(&c, name)?);
        }
        Some(total)
    }
}

const GB: f64 = (1u64 << 30) as f64;
const MB: f64 = (1u64 << 20) as f64;

fn human_bytes(b: u64) -> String {
    let b = b as f64;
    if b >= GB {
        format!("{:.2} GB", b / GB)
    } else if b >= MB {
        format!("{:.2} MB", b / MB)
    } else if b >= 1024.0 {
        format!("{:.2} KB", b / 1024.0)
    } else {
        format!("{:.0} B", b)
    }
}

impl DbInner {
    pub(crate) fn int_property(&self, cf: &ColumnFamily, name: &str) -> Option<u64> {
        let sv = cf.super_version();
        let v = &sv.version;
        let mems = || std::iter::once(&sv.mem).chain(sv.imm.iter());
        Some(match name {
            "rocksdb.num-immutable-mem-table" => sv.imm.len() as u64,
            "rocksdb.num-immutable-mem-table-flushed" => 0,
            "rocksdb.mem-table-flush-pending" => (!sv.imm.is_empty()) as u64,
            "rocksdb.cur-size-active-mem-table" => sv.mem.approximate_memory_usage() as u64,
            "rocksdb.cur-size-all-mem-tables" | "rocksdb.size-all-mem-tables" => {
                mems().map(|m| m.approximate_memory_usage() as u64).sum()
            }
            "rocksdb.num-entries-active-mem-table" => sv.mem.num_entries(),
            "rocksdb.num-entries-imm-mem-tables" => sv.imm.iter().map(|m| m.num_entries()).sum(),
            "rocksdb.num-deletes-active-mem-table" => sv.mem.num_deletes(),
            "rocksdb.num-deletes-imm-mem-tables" => sv.imm.iter().map(|m| m.num_deletes()).sum(),
            "rocksdb.estimate-num-keys" => {
                let mut entries: u64 = mems().map(|m| m.num_entries()).sum();
                let mut deletes: u64 = mems().map(|m| m.num_deletes()).sum();
                for level in &v.levels {
                    for f in level {
                        entries += f.num_entries;
                        deletes += f.num_deletions;
                    }
                }
                // RocksDB: entries minus twice the deletions (each deletes one entry), floored at 0.
                entries.saturating_sub(2 * deletes)
            }
            "rocksdb.estimate-live-data-size" | "rocksdb.total-sst-files-size" | "rocksdb.live-sst-files-size" => {
                v.levels.iter().flatten().map(|f| f.file_size).sum()
            }
            "rocksdb.num-snapshots" => self.snapshots.count() as u64,
            "rocksdb.oldest-snapshot-time" => 0,
            "rocksdb.oldest-snapshot-sequence" => self.snapshots.oldest().unwrap_or(0),
            "rocksdb.num-live-versions" => {
                let st = self.state.lock();
                st.live_versions.iter().filter(|w| w.strong_count() > 0).count() as u64
            }
            "rocksdb.current-super-version-number" => sv.mem.id(),
            "rocksdb.is-file-deletions-enabled" => (self.state.lock().file_deletions_disabled == 0) as u64,
            "rocksdb.background-errors" => self.bg_error().is_some() as u64,
            "rocksdb.num-running-flushes" => self.state.lock().running_flushes as u64,
            "rocksdb.num-running-compactions" => self.state.lock().running_compactions as u64,
            "rocksdb.compaction-pending" => {
                let st = self.state.lock();
                self.pick_compaction_for(&st, cf).is_some() as u64
            }
            "rocksdb.is-write-stopped" => cf.stall.cause().is_stop() as u64,
            "rocksdb.actual-delayed-write-rate" => {
                let c = cf.stall.cause();
                if c != super::write::StallCause::None && !c.is_stop() {
                    self.opts().delayed_write_rate
                } else {
                    0
                }
            }
            "rocksdb.estimate-pending-compaction-bytes" => {
                let t = crate::compaction::score::level_targets(v, &cf.opts());
                crate::compaction::score::estimated_compaction_bytes(v, &cf.opts(), &t)
            }
            "rocksdb.base-level" => crate::compaction::score::level_targets(v, &cf.opts()).base_level as u64,
            "rocksdb.block-cache-capacity" => self.block_cache.as_ref().map_or(0, |c| c.capacity() as u64),
            "rocksdb.block-cache-usage" => self.block_cache.as_ref().map_or(0, |c| c.usage() as u64),
            "rocksdb.block-cache-pinned-usage" => self.block_cache.as_ref().map_or(0, |c| c.pinned_usage() as u64),
            "rocksdb.estimate-table-readers-mem" => 0,
            "rocksdb.num-levels" => v.levels.len() as u64,
            "rocksdb.min-log-number-to-keep" => self.min_wal_needed(self.wal.lock().number),
            "rocksdb.current-wal-number" => self.wal.lock().number,
            // String-only properties (rocksdb.num-files-at-level<N> among them) have no integer
            // handler in RocksDB's property table: GetIntProperty answers false for them.
            _ => return None,
        })
    }

    pub(crate) fn property(&self, cf: &ColumnFamily, name: &str) -> Option<String> {
        if let Some(rest) = name.strip_prefix("rocksdb.num-files-at-level") {
            let level: usize = rest.parse().ok()?;
            let sv = cf.super_version();
            return Some(sv.version.levels.get(level).map_or(0, |l| l.len()).to_string());
        }
        match name {
            "rocksdb.sstables" => Some(self.sstables_text(cf)),
            "rocksdb.stats" => Some(format!("{}{}\n{}", self.cf_stats_text(cf), self.db_stats_text(), self.stall_report(cf))),
            "rocksdb.cfstats" => Some(self.cf_stats_text(cf)),
            "rocksdb.dbstats" => Some(self.db_stats_text()),
            "rocksdb.levelstats" => Some(self.level_stats_text(cf)),
            "ferrock.stall-report" => Some(self.stall_report(cf)),
            _ => self.int_property(cf, name).map(|v| v.to_string()),
        }
    }

    fn sstables_text(&self, cf: &ColumnFamily) -> String {
        let sv = cf.super_version();
        let mut s = String::new();
        for (level, files) in sv.version.levels.iter().enumerate() {
            let _ = writeln!(s, "--- level {level} --- version# {} ---", sv.mem.id());
            for f in files {
                let _ = writeln!(
                    s,
                    " {}:{}[{} .. {}]['{}' seq:{}, type:{} .. '{}' seq:{}, type:{}]",
                    f.number,
                    f.file_size,
                    f.smallest_seqno,
                    f.largest_seqno,
                    hex(crate::key::user_key(&f.smallest)),
                    crate::key::trailer(&f.smallest) >> 8,
                    crate::key::trailer(&f.smallest) & 0xff,
                    hex(crate::key::user_key(&f.largest)),
                    crate::key::trailer(&f.largest) >> 8,
                    crate::key::trailer(&f.largest) & 0xff,
                );
            }
        }
        s
    }

    fn level_stats_text(&self, cf: &ColumnFamily) -> String {
        let sv = cf.super_version();
        let mut s = String::from("Level Files Size(MB)\n--------------------\n");
        for (level, files) in sv.version.levels.iter().enumerate() {
            let bytes: u64 = files.iter().map(|f| f.file_size).sum();
            let _ = writeln!(s, "{:>5} {:>5} {:>8.0}", level, files.len(), bytes as f64 / MB);
        }
        s
    }

    fn cf_stats_text(&self, cf: &ColumnFamily) -> String {
        let sv = cf.super_version();
        let (stats, compacting) = {
            let st = self.state.lock();
            (st.stats.clone(), st.compacting.clone())
        };
        let mut s = String::new();
        let _ = writeln!(s, "\n** Compaction Stats [{}] **", cf.name);
        let _ = writeln!(
            s,
            "Level    Files   Size     Score Read(GB)  Rn(GB) Rnp1(GB) Write(GB) Wnew(GB) Moved(GB) W-Amp Rd(MB/s) Wr(MB/s) Comp(sec) CompMergeCPU(sec) Comp(cnt) Avg(sec) KeyIn KeyDrop"
        );
        let _ = writeln!(s, "{}", "-".repeat(180));
        let targets = crate::compaction::score::level_targets(&sv.version, &cf.opts());
        let scores = crate::compaction::score::compaction_scores(&sv.version, &cf.opts(), &targets, &compacting);
        let mut total = crate::compaction::stats::LevelStats::default();
        let mut total_files = 0usize;
        let mut total_bytes = 0u64;
        for (level, files) in sv.version.levels.iter().enumerate() {
            let ls = stats.levels.get(level).cloned().unwrap_or_default();
            let bytes: u64 = files.iter().map(|f| f.file_size).sum();
            if files.is_empty() && ls.count == 0 && ls.bytes_written == 0 {
                continue;
            }
            total_files += files.len();
            total_bytes += bytes;
            let score = scores.get(level).copied().unwrap_or(0.0);
            let w_amp = if ls.bytes_read > 0 { ls.bytes_written as f64 / ls.bytes_read.max(1) as f64 } else { 0.0 };
            let secs = ls.micros as f64 / 1e6;
            let cnt = if level == 0 { stats.flush_count } else { ls.count };
            let _ = writeln!(
                s,
                "  L{:<3} {:>4}/0 {:>10} {:>5.1} {:>8.1} {:>7.1} {:>8.1} {:>9.1} {:>8.1} {:>9.1} {:>5.1} {:>8.1} {:>8.1} {:>9.2} {:>17.2} {:>9} {:>8.3} {:>5} {:>7}",
                level,
                files.len(),
                human_bytes(bytes),
                score,
                ls.bytes_read as f64 / GB,
                ls.bytes_read as f64 / GB,
                0.0,
                ls.bytes_written as f64 / GB,
                ls.bytes_written as f64 / GB,
                0.0,
                w_amp,
                if secs > 0.0 { ls.bytes_read as f64 / MB / secs } else { 0.0 },
                if secs > 0.0 { ls.bytes_written as f64 / MB / secs } else { 0.0 },
                secs,
                secs,
                cnt,
                if cnt > 0 { secs / cnt as f64 } else { 0.0 },
                0,
                0
            );
            total.bytes_read += ls.bytes_read;
            total.bytes_written += ls.bytes_written;
            total.micros += ls.micros;
            total.count += cnt;
        }
        let secs = total.micros as f64 / 1e6;
        let ingest = self.write_stats.bytes.load(Ordering::Relaxed);
        let _ = writeln!(
            s,
            " Sum  {:>4}/0 {:>10} {:>5.1} {:>8.1} {:>7.1} {:>8.1} {:>9.1} {:>8.1} {:>9.1} {:>5.1} {:>8.1} {:>8.1} {:>9.2} {:>17.2} {:>9} {:>8.3} {:>5} {:>7}",
            total_files,
            human_bytes(total_bytes),
            0.0,
            total.bytes_read as f64 / GB,
            total.bytes_read as f64 / GB,
            0.0,
            total.bytes_written as f64 / GB,
            total.bytes_written as f64 / GB,
            0.0,
            if ingest > 0 { total.bytes_written as f64 / ingest as f64 } else { 0.0 },
            0.0,
            0.0,
            secs,
            secs,
            total.count,
            if total.count > 0 { secs / total.count as f64 } else { 0.0 },
            0,
            0
        );
        let _ = writeln!(s, "Flush(GB): cumulative {:.3}, interval 0.000", stats.flush_bytes as f64 / GB);
        let ws = &self.write_stats;
        let count = |c: super::write::StallCause| ws.stall_cause_count[c as usize].load(Ordering::Relaxed);
        let delays = count(super::write::StallCause::L0Slowdown) + count(super::write::StallCause::PendingBytesSlowdown);
        let stops = count(super::write::StallCause::L0Stop)
            + count(super::write::StallCause::PendingBytesStop)
            + count(super::write::StallCause::MemtableLimit);
        let _ = writeln!(
            s,
            "Write Stall (count): cf-l0-file-count-limit-delays-with-ongoing-compaction: 0, cf-l0-file-count-limit-stops-with-ongoing-compaction: 0, l0-file-count-limit-delays: {}, l0-file-count-limit-stops: {}, memtable-limit-delays: 0, memtable-limit-stops: {}, pending-compaction-bytes-delays: {}, pending-compaction-bytes-stops: {}, total-delays: {}, total-stops: {}, interval-total-count: {}",
            count(super::write::StallCause::L0Slowdown),
            count(super::write::StallCause::L0Stop),
            count(super::write::StallCause::MemtableLimit),
            count(super::write::StallCause::PendingBytesSlowdown),
            count(super::write::StallCause::PendingBytesStop),
            delays,
            stops,
            delays + stops
        );
        let _ = writeln!(
            s,
            "Cumulative compaction: {:.2} GB write, {:.2} MB/s write, {:.2} GB read, {:.2} MB/s read, {:.1} seconds",
            total.bytes_written as f64 / GB,
            0.0,
            total.bytes_read as f64 / GB,
            0.0,
            secs
        );
        s
    }

    /// ferrock's stall report: for the run so far, how much write time each stall cause took,
    /// the compaction debt and level-0 file count now, and which compaction kinds ran how often
    /// with how many bytes — the numbers that explain a drop in write throughput.
    pub(crate) fn stall_report(&self, cf: &ColumnFamily) -> String {
        use super::write::StallCause;
        let up = self.start_time.elapsed().as_secs_f64().max(1e-9);
        let ws = &self.write_stats;
        let mut s = String::new();
        let _ = writeln!(s, "** Stall report [{}] **", cf.name);
        let _ = writeln!(s, "Uptime(secs): {up:.1}");
        let total_micros = ws.stall_micros.load(Ordering::Relaxed);
        let _ = writeln!(
            s,
            "Writes stalled: {:.3} s in {} stalls ({:.1}% of uptime)",
            total_micros as f64 / 1e6,
            ws.stall_count.load(Ordering::Relaxed),
            100.0 * total_micros as f64 / 1e6 / up
        );
        let _ = writeln!(s, "{:<34} {:>10} {:>12} {:>8}", "cause", "count", "seconds", "percent");
        for c in StallCause::ALL {
            let m = ws.stall_cause_micros[c as usize].load(Ordering::Relaxed);
            let _ = writeln!(
                s,
                "{:<34} {:>10} {:>12.3} {:>7.1}%",
                c.name(),
                ws.stall_cause_count[c as usize].load(Ordering::Relaxed),
                m as f64 / 1e6,
                100.0 * m as f64 / 1e6 / up
            );
        }
        let sv = cf.super_version();
        let targets = crate::compaction::score::level_targets(&sv.version, &cf.opts());
        let _ = writeln!(
            s,
            "Now: condition {}, L0 files {} (slowdown at {}, stop at {}), pending compaction bytes {} (soft limit {}, hard limit {}), base level {}",
            cf.stall.cause().name(),
            cf.stall.l0_files.load(Ordering::Relaxed),
            cf.opts().level0_slowdown_writes_trigger,
            cf.opts().level0_stop_writes_trigger,
            cf.stall.pending_bytes.load(Ordering::Relaxed),
            cf.opts().soft_pending_compaction_bytes_limit,
            cf.opts().hard_pending_compaction_bytes_limit,
            targets.base_level
        );
        let st = self.state.lock();
        let _ = writeln!(s, "{:<14} {:>8} {:>14} {:>14} {:>10}", "compaction", "count", "read bytes", "written bytes", "seconds");
        for (kind, k) in &st.stats.kinds {
            let _ = writeln!(
                s,
                "{:<14} {:>8} {:>14} {:>14} {:>10.3}",
                kind,
                k.count,
                k.bytes_read,
                k.bytes_written,
                k.micros as f64 / 1e6
            );
        }
        let _ = writeln!(s, "flush          {:>8} {:>14} {:>14}", st.stats.flush_count, 0, st.stats.flush_bytes);
        let ingest = self.write_stats.bytes.load(Ordering::Relaxed).max(1);
        let written: u64 = st.stats.flush_bytes + st.stats.kinds.values().map(|k| k.bytes_written).sum::<u64>();
        let _ = writeln!(s, "Write amplification (table bytes written / bytes ingested): {:.2}", written as f64 / ingest as f64);
        s
    }

    fn db_stats_text(&self) -> String {
        let up = self.start_time.elapsed().as_secs_f64();
        let ws = &self.write_stats;
        let keys = ws.keys.load(Ordering::Relaxed);
        let groups = ws.groups.load(Ordering::Relaxed).max(1);
        let batches = ws.batches.load(Ordering::Relaxed);
        let bytes = ws.bytes.load(Ordering::Relaxed);
        let wal = ws.wal_bytes.load(Ordering::Relaxed);
        let stall = ws.stall_micros.load(Ordering::Relaxed) as f64 / 1e6;
        let mut s = String::new();
        let _ = writeln!(s, "\n** DB Stats **");
        let _ = writeln!(s, "Uptime(secs): {:.1} total, {:.1} interval", up, up);
        let _ = writeln!(
            s,
            "Cumulative writes: {} writes, {} keys, {} commit groups, {:.1} writes per commit group, ingest: {:.2} GB, {:.2} MB/s",
            batches,
            keys,
            groups,
            batches as f64 / groups as f64,
            bytes as f64 / GB,
            if up > 0.0 { bytes as f64 / MB / up } else { 0.0 }
        );
        let _ = writeln!(
            s,
            "Cumulative WAL: {} writes, {} syncs, {:.2} writes per sync, written: {:.2} GB, {:.2} MB/s",
            groups,
            ws.wal_syncs.load(Ordering::Relaxed),
            groups as f64 / ws.wal_syncs.load(Ordering::Relaxed).max(1) as f64,
            wal as f64 / GB,
            if up > 0.0 { wal as f64 / MB / up } else { 0.0 }
        );
        let h = (stall / 3600.0) as u64;
        let m = ((stall % 3600.0) / 60.0) as u64;
        let sec = stall % 60.0;
        let _ = writeln!(
            s,
            "Cumulative stall: {:02}:{:02}:{:06.3} H:M:S, {:.1} percent",
            h,
            m,
            sec,
            if up > 0.0 { 100.0 * stall / up } else { 0.0 }
        );
        s
    }
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02X}")).collect()
}
