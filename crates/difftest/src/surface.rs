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

/// A constructor: `T *f(args)` whose arguments are scalars, strings, or another option
/// object (the scratch one of its type).
pub struct Ctor {
    pub name: String,
    pub args: Vec<CArg>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CArg {
    Scalar(SType),
    Obj(String),
}

pub struct OptObject {
    /// `rocksdb_X_t`.
    pub ty: String,
    /// The constructor of the scratch object and of a fresh one (`_create(void)` when c.h
    /// has one, else the first constructor, with the generator's first value of each type).
    pub create: String,
    pub ctors: Vec<Ctor>,
    pub destroy: String,
    pub setters: Vec<Setter>,
    pub getters: Vec<(String, SType)>,
    /// `void f(T *)` that changes what the getters answer (`_clear_request_id`, ...).
    pub actions: Vec<String>,
    /// `void f(T *, U *)` with U another option object (`_set_block_based_table_factory`,
    /// `_set_filter_policy`, ...): (name, U). Called with a fresh U, never destroyed by
    /// the driver (some of these setters take ownership of it).
    pub obj_setters: Vec<(String, String)>,
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

/// Types that are not option objects although they look like one: the Env is
/// process-wide (its setters would change the database's thread pools), a batch is the
/// executor's own step.
const EXCLUDED_TYPES: &[&str] = &["rocksdb_env_t", "rocksdb_writebatch_t", "rocksdb_writebatch_wi_t"];

/// The default value of a constructor argument (positive, so no constructor rejects it).
pub fn ctor_default(t: SType) -> &'static str {
    match t {
        SType::U8 => "1",
        SType::I32 | SType::I64 | SType::U32 | SType::U64 => "1048576",
        SType::F64 => "10.0",
        SType::Str | SType::Bytes | SType::BytesErr => "\"/tmp/ferrock-difftest-none",
    }
}

fn bare(t: &str) -> String {
    t.trim().trim_start_matches("const ").trim().to_string()
}

pub fn option_objects() -> Vec<OptObject> {
    let ds = decls();
    // Every type with a destroy and at least one constructor.
    let mut types: Vec<(String, String)> = Vec::new();
    for x in &ds {
        if x.name.ends_with("_destroy") && x.params.len() == 1 && x.ret == "void" {
            let t = bare(&param_type(&x.params[0]));
            if let Some(t) = t.strip_suffix('*') {
                let t = t.trim().to_string();
                if t.starts_with("rocksdb_") && !EXCLUDED_TYPES.contains(&t.as_str()) && !types.iter().any(|(a, _)| *a == t) {
                    types.push((t, x.name.clone()));
                }
            }
        }
    }
    let is_obj = |t: &str| types.iter().any(|(a, _)| a == t);
    let mut objs: Vec<OptObject> = Vec::new();
    for (ty, destroy) in &types {
        let is_obj_param = |p: &str| bare(&param_type(p)) == format!("{ty} *");
        let mut ctors = Vec::new();
        for d in &ds {
            if !d.name.contains("_create") || bare(&d.ret) != format!("{ty} *") {
                continue;
            }
            let args: Option<Vec<CArg>> = d
                .params
                .iter()
                .map(|p| {
                    let t = param_type(p);
                    if let Some(st) = SType::of_c(&t).or_else(|| (t == "const char *").then_some(SType::Str)) {
                        return Some(CArg::Scalar(st));
                    }
                    let b = bare(&t);
                    let inner = b.strip_suffix('*').map(|x| x.trim().to_string())?;
                    (is_obj(&inner) && inner != *ty).then_some(CArg::Obj(inner))
                })
                .collect();
            if let Some(args) = args.filter(|a| crate::ffi::Lib::can_construct(a)) {
                ctors.push(Ctor { name: d.name.clone(), args });
            }
        }
        ctors.sort_by_key(|c| (!c.args.is_empty(), c.args.len()));
        let Some(first) = ctors.first() else { continue };
        let mut o = OptObject {
            ty: ty.clone(),
            create: first.name.clone(),
            ctors: Vec::new(),
            destroy: destroy.clone(),
            setters: Vec::new(),
            getters: Vec::new(),
            actions: Vec::new(),
            obj_setters: Vec::new(),
        };
        for x in &ds {
            if EXCLUDED.contains(&x.name.as_str()) || x.params.is_empty() || !is_obj_param(&x.params[0]) || x.name == *destroy {
                continue;
            }
            let pt: Vec<String> = x.params[1..].iter().map(|p| param_type(p)).collect();
            let pt: Vec<&str> = pt.iter().map(String::as_str).collect();
            if x.ret == "void" {
                let st = match pt[..] {
                    [] => {
                        o.actions.push(x.name.clone());
                        continue;
                    }
                    ["const char *"] => Some(SType::Str),
                    ["const char *", "size_t"] => Some(SType::Bytes),
                    ["const char *", "size_t", "char **"] => Some(SType::BytesErr),
                    [t] if t.ends_with('*') && is_obj(bare(t).trim_end_matches('*').trim()) && bare(t).trim_end_matches('*').trim() != ty => {
                        o.obj_setters.push((x.name.clone(), bare(t).trim_end_matches('*').trim().to_string()));
                        continue;
                    }
                    [t] => SType::of_c(t).or_else(|| (t == "char").then_some(SType::U8)),
                    _ => None,
                };
                if let Some(st) = st {
                    o.setters.push(Setter { name: x.name.clone(), ty: st, getter: None });
                }
            } else if pt.is_empty() {
                if let Some(st) = SType::of_c(&x.ret) {
                    o.getters.push((x.name.clone(), st));
                }
            } else if pt[..] == ["size_t *"] && x.ret == "const char *" {
                // A string the object owns, with its length.
                o.getters.push((x.name.clone(), SType::Bytes));
            }
        }
        for s in o.setters.iter_mut() {
            let g = s.name.replacen("_set_", "_get_", 1);
            if o.getters.iter().any(|(n, _)| *n == g) {
                s.getter = Some(g);
            }
        }
        o.ctors = ctors;
        // Kept even without accessors: its constructors are called (`optnew`), and it is
        // the argument of other objects' setters (`optobj`).
        objs.push(o);
    }
    // An object argument needs a constructor the driver can call.
    let constructible: Vec<String> = objs.iter().map(|o| o.ty.clone()).collect();
    for o in objs.iter_mut() {
        o.obj_setters.retain(|(_, u)| constructible.contains(u));
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
        assert!(!implemented().iter().any(|n| n == "rocksdb_delete_cf_with_ts"));
        // String accessors, constructors with arguments, actions.
        let s = o.setters.iter().find(|s| s.name == "rocksdb_options_set_db_log_dir").expect("string setter");
        assert_eq!((s.ty, s.getter.as_deref()), (SType::Str, Some("rocksdb_options_get_db_log_dir")));
        assert!(o.getters.iter().any(|g| g == &("rocksdb_options_get_db_log_dir".to_string(), SType::Bytes)));
        let cache = objs.iter().find(|o| o.ty == "rocksdb_cache_t").expect("cache");
        assert!(cache.ctors.iter().any(|c| c.name == "rocksdb_cache_create_lru" && c.args == [CArg::Scalar(SType::U64)]));
        assert!(cache.ctors.iter().any(|c| c.name == "rocksdb_cache_create_lru_opts" && c.args == [CArg::Obj("rocksdb_lru_cache_options_t".into())]));
        let ro = objs.iter().find(|o| o.ty == "rocksdb_readoptions_t").expect("read options");
        assert!(ro.actions.iter().any(|a| a == "rocksdb_readoptions_clear_request_id"));
        assert!(!objs.iter().any(|o| o.ty == "rocksdb_env_t"));
        // Setters taking another option object, when the driver can make one.
        assert!(o.obj_setters.iter().any(|(n, u)| n == "rocksdb_options_set_block_based_table_factory" && u == "rocksdb_block_based_table_options_t"));
        assert!(bb.obj_setters.iter().any(|(n, u)| n == "rocksdb_block_based_options_set_filter_policy" && u == "rocksdb_filterpolicy_t"));
        assert!(!o.obj_setters.iter().any(|(n, _)| n == "rocksdb_options_set_comparator"));
    }
}
