//! Where a backed-up file lives inside a backup directory, in RocksDB's layout:
//! `meta/<id>` (the backup's description), `private/<id>/<file>` (files of one backup:
//! MANIFEST, CURRENT, OPTIONS, WALs, and tables when they are not shared), `shared/<file>`
//! (tables shared by name, the deprecated `share_files_with_checksum = false`) and
//! `shared_checksum/<number>_s<db session id>_<size>.sst` (tables shared by identity; RocksDB's
//! legacy `<number>_<crc32c>_<size>.sst` for tables without a session id or with
//! `kLegacyCrc32cAndFileSize`). Files are written as `.<name>.tmp` and renamed into place.

pub const META_DIR: &str = "meta";
pub const PRIVATE_DIR: &str = "private";
pub const SHARED_DIR: &str = "shared";
pub const SHARED_CHECKSUM_DIR: &str = "shared_checksum";

/// ShareFilesNaming (backup_engine.h).
pub const LEGACY_CRC32C_AND_FILE_SIZE: u32 = 1;
pub const USE_DB_SESSION_ID: u32 = 2;
pub const MASK_NO_NAMING_FLAGS: u32 = 0xffff;
pub const FLAG_INCLUDE_FILE_SIZE: u32 = 1 << 31;

/// `private/<id>/<file>` (with `tmp`, RocksDB's `private/<id>.tmp/` of an unfinished backup).
pub fn private_file(id: u32, file: &str) -> String {
    format!("{PRIVATE_DIR}/{id}/{file}")
}

pub fn private_dir(id: u32) -> String {
    format!("{PRIVATE_DIR}/{id}")
}

pub fn meta_file(id: u32) -> String {
    format!("{META_DIR}/{id}")
}

pub fn meta_tmp_file(id: u32) -> String {
    format!("{META_DIR}/.{id}.tmp")
}

/// `shared/<file>` or `shared_checksum/<file>` and the temporary name it is copied under.
pub fn shared_file(dir: &str, file: &str) -> (String, String) {
    (format!("{dir}/{file}"), format!("{dir}/.{file}.tmp"))
}

fn insert_before_extension(name: &str, piece: &str) -> String {
    match name.rfind('.') {
        Some(dot) => format!("{}{piece}{}", &name[..dot], &name[dot..]),
        None => format!("{name}{piece}"),
    }
}

/// The name of table `file` (e.g. `000012.sst`) in `shared_checksum/` (RocksDB's
/// GetSharedFileWithChecksum).
pub fn shared_checksum_name(file: &str, crc32c: u32, size: u64, db_session_id: &str, naming: u32) -> String {
    if naming & MASK_NO_NAMING_FLAGS == LEGACY_CRC32C_AND_FILE_SIZE || db_session_id.is_empty() {
        return insert_before_extension(file, &format!("_{crc32c}_{size}"));
    }
    let with_session = insert_before_extension(file, &format!("_s{db_session_id}"));
    if naming & FLAG_INCLUDE_FILE_SIZE != 0 {
        insert_before_extension(&with_session, &format!("_{size}"))
    } else {
        with_session
    }
}

/// The database file a backup file restores to (RocksDB's FileInfo::GetDbFileName): the last
/// path component, and for `shared_checksum/` the number and extension around the first `_`.
pub fn db_file_name(relative: &str) -> String {
    let (dir, name) = match relative.rfind('/') {
        Some(slash) => (&relative[..slash], &relative[slash + 1..]),
        None => ("", relative),
    };
    if dir == SHARED_CHECKSUM_DIR {
        if let (Some(us), Some(dot)) = (name.find('_'), name.rfind('.')) {
            if us < dot {
                return format!("{}{}", &name[..us], &name[dot..]);
            }
        }
    }
    name.to_string()
}

/// RocksDB's checksum text: the CRC32C's four bytes, big-endian, as upper-case hex.
pub fn crc_hex(crc: u32) -> String {
    format!("{crc:08X}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_as_rocksdb_gives_them() {
        let default = USE_DB_SESSION_ID | FLAG_INCLUDE_FILE_SIZE;
        assert_eq!(shared_checksum_name("000012.sst", 7, 1234, "ABCDEFGHIJ0123456789", default), "000012_sABCDEFGHIJ0123456789_1234.sst");
        assert_eq!(shared_checksum_name("000012.sst", 7, 1234, "S", USE_DB_SESSION_ID), "000012_sS.sst");
        assert_eq!(shared_checksum_name("000012.sst", 4_000_000_000, 1234, "", default), "000012_4000000000_1234.sst");
        assert_eq!(shared_checksum_name("000012.sst", 9, 5, "S", LEGACY_CRC32C_AND_FILE_SIZE), "000012_9_5.sst");
        assert_eq!(db_file_name("shared_checksum/000012_sABC_1234.sst"), "000012.sst");
        assert_eq!(db_file_name("shared_checksum/000012_9_5.sst"), "000012.sst");
        assert_eq!(db_file_name("shared/000012.sst"), "000012.sst");
        assert_eq!(db_file_name("private/3/MANIFEST-000008"), "MANIFEST-000008");
        assert_eq!(shared_file(SHARED_CHECKSUM_DIR, "1_s2_3.sst"), ("shared_checksum/1_s2_3.sst".into(), "shared_checksum/.1_s2_3.sst.tmp".into()));
        assert_eq!(crc_hex(0x0a0b0c0d), "0A0B0C0D");
    }
}
