//! The C API as c.h declares it: the function names (what coverage counts), and the
//! option objects with scalar setters and getters, found by their signatures so the
//! generator can call every one of them without a hand-written list.
//!
//! An option object is a type `rocksdb_X_t` with a `rocksdb_X_t *..._create(void)` and a
//! `void ..._destroy(rocksdb_X_t *)`; its setters are `void f(rocksdb_X_t *, scalar)`,
//! its getters `scalar f(rocksdb_X_t *)`. The generator calls them on scratch objects of
//! the driver's own (never the options the database is opened with), so a setter's value
//! changes nothing but what the getters answer.

use crate::ffi::SType;

/// ferrock's generated c.h (RocksDB 11.8.1's functions, name for name).
pub const C_H: &str = include_str!("../../../include/rocksdb/c.h");
/// The functions ferrock does not implement (generated list).
pub const NOT_IMPLEMENTED: &str = include_str!("../../../capi-tests/NOT_IMPLEMENTED.md");

pub struct Decl {
    pub name: String,
    pub ret: String,
    pub params: Vec<String>,
}

/// Every `extern ROCKSDB_LIBRARY_API` declaration of c.h (cbindgen writes one per line).
pub fn decls() -> Vec<Decl> {
    let mut out = Vec::new();
    for line in C_H.lines() {
        let Some(rest) = line.strip_prefix("extern ROCKSDB_LIBRARY_API ") else { continue };
        let Some(open) = rest.find("rocksdb_").filter(|_| rest.ends_with(");")) else { continue };
        // The name starts at the last `rocksdb_` before the first '('.
        let paren = rest.find('(').unwrap_or(rest.len());
        let start = rest[..paren].rfind("rocksdb_").unwrap_or(open);
        let name = rest[start..paren].to_string();
        let ret = rest[..start].trim().to_string();
        let inner = &rest[paren + 1..rest.len() - 2];
        let params = if inner.trim() == "void" || inner.trim().is_empty() {
            Vec::new()
        } else {
            split_params(inner)
        };
        out.push(Decl { name, ret, params });
    }
    out
}

fn split_params(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0;
    let mut cur = String::new();
    for c in s.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// A parameter's type without its name (`const rocksdb_options_t *opt` -> `const rocksdb_options_t *`).
fn param_type(p: &str) -> String {
    let p = p.trim();
    if let Some(i) = p.rfind(|c: char| c == '*' || c == ' ') {
        let (t, name) = p.split_at(i + 1);
        if name.chars().all(|c| c.is_alphanumeric() || c == '_') && !name.is_empty() {
            return t.trim().to_string();
        }
    }
    p.to_string()
}

/// The implemented functions: c.h's, minus capi-tests/NOT_IMPLEMENTED.md's.
pub fn implemented() -> Vec<String> {
    let not: std::collections::BTreeSet<&str> = NOT_IMPLEMENTED
        .lines()
        .filter_map(|l| l.strip_prefix("- `"))
        .filter_map(|l| l.split('`').next())
        .filter(|n| n.starts_with("rocksdb_"))
        .collect();
    let mut v: Vec<String> = decls().into_iter().map(|d| d.name).filter(|n| !not.contains(n.as_str())).collect();
    v.sort();
    v.dedup();
    v
}

pub struct Setter {
    pub name: String,
    pub ty: SType,
    /// The getter that reads the same field, when c.h has one (`_set_` -> `_get_`).
    pub getter: Option<String>,
}

pub struct OptObject {
    /// `rocksdb_X_t`.
    pub ty: String,
    pub create: String,
    pub destroy: String,
    pub setters: Vec<Setter>,
    pub getters: Vec<(String, SType)>,
}

/// Setters left out: they do more than store a value (start threads, reshape other
/// fields from the value, touch the process-wide default Env).
const EXCLUDED: &[&str] = &[
    "rocksdb_options_increase_parallelism",
    "rocksdb_options_optimize_for_point_lookup",
    "rocksdb_options_optimize_level_style_compaction",
    "rocksdb_options_optimize_universal_style_compaction",
    "rocksdb_options_set_min_level_to_compress",
    "rocksdb_options_prepare_for_bulk_load",
    // The options helper's area (issue on rocksdb_set_options); not an option object either.
    "rocksdb_options_set_options",
];

pub fn option_objects() -> Vec<OptObject> {
    let ds = decls();
    let mut objs: Vec<OptObject> = Vec::new();
    for d in &ds {
        if !d.name.ends_with("_create") || !d.params.is_empty() {
            continue;
        }
        let Some(ty) = d.ret.strip_suffix('*').map(|t| t.trim().trim_start_matches("const ").to_string()) else { continue };
        if !ty.starts_with("rocksdb_") || objs.iter().any(|o| o.ty == ty) {
            continue;
        }
        let is_obj_param = |p: &str| {
            let t = param_type(p);
            let t = t.trim_start_matches("const ").trim();
            t == format!("{ty} *")
        };
        let Some(destroy) = ds.iter().find(|x| x.name.ends_with("_destroy") && x.params.len() == 1 && is_obj_param(&x.params[0])) else {
            continue;
        };
        let mut o = OptObject { ty: ty.clone(), create: d.name.clone(), destroy: destroy.name.clone(), setters: Vec::new(), getters: Vec::new() };
        for x in &ds {
            if EXCLUDED.contains(&x.name.as_str()) || x.params.is_empty() || !is_obj_param(&x.params[0]) {
                continue;
            }
            if x.ret == "void" && x.params.len() == 2 {
                if let Some(st) = SType::of_c(&param_type(&x.params[1])) {
                    o.setters.push(Setter { name: x.name.clone(), ty: st, getter: None });
                }
            } else if x.params.len() == 1 {
                if let Some(st) = SType::of_c(&x.ret) {
                    o.getters.push((x.name.clone(), st));
                }
            }
        }
        for s in o.setters.iter_mut() {
            let g = s.name.replacen("_set_", "_get_", 1);
            if o.getters.iter().any(|(n, _)| *n == g) {
                s.getter = Some(g);
            }
        }
        if !o.setters.is_empty() || !o.getters.is_empty() {
            objs.push(o);
        }
    }
    objs.sort_by(|a, b| a.ty.cmp(&b.ty));
    objs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_option_objects_and_their_accessors() {
        let objs = option_objects();
        let o = objs.iter().find(|o| o.ty == "rocksdb_options_t").expect("options");
        assert_eq!(o.create, "rocksdb_options_create");
        assert_eq!(o.destroy, "rocksdb_options_destroy");
        let s = o.setters.iter().find(|s| s.name == "rocksdb_options_set_max_open_files").expect("setter");
        assert_eq!(s.ty, SType::I32);
        assert_eq!(s.getter.as_deref(), Some("rocksdb_options_get_max_open_files"));
        let bb = objs.iter().find(|o| o.ty == "rocksdb_block_based_table_options_t").expect("block based");
        assert_eq!(bb.create, "rocksdb_block_based_options_create");
        assert!(implemented().len() > 1000);
        assert!(!implemented().iter().any(|n| n == "rocksdb_get_current_wal_file"));
    }
}
