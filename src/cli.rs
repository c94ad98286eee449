//! The command-line parser of the repository's tools (db_bench, sst_dump, ldb): one table of
//! flags per tool ([`Tool`], [`Flag`]), parsed with clap 4, which gives `--help` (every flag
//! with its meaning and default), defaults and value handling, instead of a hand parser per tool.
//!
//! The forms are RocksDB's: `--flag=value` always; `--flag value` where the tool's RocksDB
//! parser allows it (gflags' db_bench, [`Tool::separate_values`]); booleans as `--flag`,
//! `--flag=true|false|1|0|yes|no` and gflags' `--noflag`; gflags' single-dash `-flag`
//! ([`Tool::single_dash`]). Unknown names are reported by name ([`CliError::Unknown`]) so each
//! tool words the failure as its RocksDB counterpart does. `--helpxml` prints the table as gflags'
//! XML (name, meaning, default, type): the tools suite compares it with `--help`.

use clap::{Arg, ArgAction, Command};
use std::collections::BTreeMap;

/// What a flag's value is; values are checked against it before the tool sees them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `--x`, `--x=BOOL`, `--nox`.
    Bool,
    /// A signed 64-bit integer.
    Int,
    /// A real number.
    Float,
    /// Any text.
    Str,
}

impl Kind {
    fn type_name(self) -> &'static str {
        match self {
            Kind::Bool => "bool",
            Kind::Int => "int64",
            Kind::Float => "double",
            Kind::Str => "string",
        }
    }
}

/// One flag of a tool: its name, kind, default (as text, `None` for none) and meaning.
#[derive(Clone, Copy, Debug)]
pub struct Flag {
    pub name: &'static str,
    pub kind: Kind,
    pub default: Option<&'static str>,
    pub help: &'static str,
    /// Another name the flag answers to.
    pub alias: Option<&'static str>,
    /// A flag without a value although it is not a boolean (ldb's `--hex`): `--x` only.
    pub switch: bool,
}

impl Flag {
    pub const fn new(name: &'static str, kind: Kind, default: Option<&'static str>, help: &'static str) -> Flag {
        Flag { name, kind, default, help, alias: None, switch: false }
    }
    pub const fn bool(name: &'static str, default: &'static str, help: &'static str) -> Flag {
        Flag::new(name, Kind::Bool, Some(default), help)
    }
    pub const fn int(name: &'static str, default: &'static str, help: &'static str) -> Flag {
        Flag::new(name, Kind::Int, Some(default), help)
    }
    pub const fn float(name: &'static str, default: &'static str, help: &'static str) -> Flag {
        Flag::new(name, Kind::Float, Some(default), help)
    }
    pub const fn str(name: &'static str, default: &'static str, help: &'static str) -> Flag {
        Flag::new(name, Kind::Str, Some(default), help)
    }
    /// A flag with no default: absent unless given.
    pub const fn opt(name: &'static str, kind: Kind, help: &'static str) -> Flag {
        Flag::new(name, kind, None, help)
    }
    /// A value-less switch (`--x`), false unless given.
    pub const fn switch(name: &'static str, help: &'static str) -> Flag {
        Flag { name, kind: Kind::Bool, default: Some("false"), help, alias: None, switch: true }
    }
    pub const fn alias(mut self, alias: &'static str) -> Flag {
        self.alias = Some(alias);
        self
    }
}

/// A tool's command line: its flags, its syntax and what `--help` says around them.
pub struct Tool {
    pub name: &'static str,
    pub about: &'static str,
    pub flags: &'static [Flag],
    /// `--flag value` as well as `--flag=value` (gflags).
    pub separate_values: bool,
    /// `-flag` as well as `--flag` (gflags).
    pub single_dash: bool,
    /// The positional arguments' name in the usage line (`None`: the tool takes none).
    pub positionals: Option<&'static str>,
    /// Text printed after the flags (commands, examples).
    pub after_help: &'static str,
}

/// Why a command line was not parsed.
#[derive(Debug, PartialEq, Eq)]
pub enum CliError {
    /// `--help` or `--helpxml`: the text to print on stdout before exiting 0.
    Help(String),
    /// A flag name that is not in the table (without dashes or value).
    Unknown(String),
    /// A value that is not of the flag's kind.
    Invalid { flag: &'static str, value: String, kind: Kind },
    /// A flag that needs a value and got none.
    MissingValue(&'static str),
    /// A positional argument to a tool that takes none.
    Unexpected(String),
    /// Anything else clap reports.
    Other(String),
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CliError::Help(t) => f.write_str(t),
            CliError::Unknown(n) => write!(f, "unknown command line flag '{n}'"),
            CliError::Invalid { flag, value, kind } => {
                write!(f, "illegal value '{value}' specified for {} flag '{flag}'", kind.type_name())
            }
            CliError::MissingValue(n) => write!(f, "flag '--{n}' is missing its value (--{n}=VALUE)"),
            CliError::Unexpected(a) => write!(f, "unexpected argument '{a}' (flags are --name=value)"),
            CliError::Other(m) => f.write_str(m),
        }
    }
}

/// gflags' boolean spellings.
pub fn parse_bool(v: &str) -> Option<bool> {
    match v.to_ascii_lowercase().as_str() {
        "1" | "t" | "true" | "y" | "yes" => Some(true),
        "0" | "f" | "false" | "n" | "no" => Some(false),
        _ => None,
    }
}

/// A parsed command line: every flag's values (its default when not given) and the positionals.
#[derive(Debug, Default)]
pub struct Parsed {
    values: BTreeMap<&'static str, Vec<String>>,
    given: Vec<&'static str>,
    pub positionals: Vec<String>,
}

impl Parsed {
    /// The flag's last value, or "" when it has none.
    pub fn str(&self, name: &str) -> &str {
        self.opt(name).unwrap_or("")
    }
    /// The flag's last value, `None` when it has no default and was not given.
    pub fn opt(&self, name: &str) -> Option<&str> {
        self.values.get(name).and_then(|v| v.last()).map(String::as_str)
    }
    /// Every value given for a repeatable flag, in order.
    pub fn all(&self, name: &str) -> &[String] {
        self.values.get(name).map(Vec::as_slice).unwrap_or(&[])
    }
    /// The values were checked against their kind by [`parse`], so these never fail on them.
    pub fn i64(&self, name: &str) -> i64 {
        self.opt(name).and_then(|v| v.parse().ok()).unwrap_or(0)
    }
    pub fn f64(&self, name: &str) -> f64 {
        self.opt(name).and_then(|v| v.parse().ok()).unwrap_or(0.0)
    }
    pub fn bool(&self, name: &str) -> bool {
        self.opt(name).and_then(parse_bool).unwrap_or(false)
    }
    /// Whether the command line set the flag (not just its default).
    pub fn is_given(&self, name: &str) -> bool {
        self.given.contains(&name)
    }
}

impl Tool {
    fn find(&self, name: &str) -> Option<&'static Flag> {
        self.flags.iter().find(|f| f.name == name || f.alias == Some(name))
    }

    /// The clap command built from the table.
    pub fn command(&self) -> Command {
        let mut cmd = Command::new(self.name)
            .about(self.about)
            .disable_version_flag(true)
            .disable_help_flag(true)
            .after_help(self.after_help)
            .arg(Arg::new("help").long("help").action(ArgAction::Help).help("Print this help: every flag with its meaning and default"))
            .arg(
                Arg::new("helpxml")
                    .long("helpxml")
                    .action(ArgAction::SetTrue)
                    .help("Print every flag as gflags' XML (name, meaning, default, type)"),
            );
        for f in self.flags {
            let mut a = Arg::new(f.name).long(f.name).help(f.help).action(ArgAction::Append);
            if let Some(al) = f.alias {
                a = a.alias(al);
            }
            if f.switch {
                a = a.action(ArgAction::SetTrue);
            } else if f.kind == Kind::Bool {
                a = a.num_args(0..=1).require_equals(true).default_missing_value("true").value_name("BOOL");
            } else {
                a = a.num_args(1).require_equals(!self.separate_values).allow_hyphen_values(true).value_name(match f.kind {
                    Kind::Int => "N",
                    Kind::Float => "X",
                    _ => "VALUE",
                });
            }
            if let Some(d) = f.default {
                if !f.switch {
                    a = a.default_value(d);
                }
            }
            cmd = cmd.arg(a);
        }
        if let Some(p) = self.positionals {
            cmd = cmd.arg(Arg::new("positionals").value_name(p).help("Positional arguments (see below)").num_args(0..).action(ArgAction::Append).allow_hyphen_values(true));
        }
        cmd
    }

    /// The `--help` text.
    pub fn help(&self) -> String {
        self.command().render_help().to_string()
    }

    /// gflags' `--helpxml` for the table.
    pub fn help_xml(&self) -> String {
        let esc = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
        let mut out = format!("<?xml version=\"1.0\"?>\n<AllFlags>\n<program>{}</program>\n<usage>{}</usage>\n", self.name, esc(self.about));
        for f in self.flags {
            out.push_str(&format!(
                "<flag><name>{}</name><meaning>{}</meaning><default>{}</default><type>{}</type></flag>\n",
                f.name,
                esc(f.help),
                esc(f.default.unwrap_or("")),
                f.kind.type_name()
            ));
        }
        out.push_str("</AllFlags>\n");
        out
    }

    /// Rewrites the gflags forms clap does not know (`-flag`, `--noflag`) and names unknown
    /// flags before clap sees them; every flag comes out as `--name[=value]`, then `--` and the
    /// positionals (so a positional that starts with '-' stays one).
    fn prepass(&self, args: Vec<String>) -> Result<Vec<String>, CliError> {
        let mut out = Vec::with_capacity(args.len() + 1);
        let mut positionals = Vec::new();
        let mut it = args.into_iter();
        while let Some(arg) = it.next() {
            let body = if let Some(b) = arg.strip_prefix("--") {
                b.to_string()
            } else if self.single_dash && arg.len() > 1 && arg.starts_with('-') && !arg[1..].starts_with(|c: char| c.is_ascii_digit()) {
                arg[1..].to_string()
            } else {
                if self.positionals.is_none() {
                    return Err(CliError::Unexpected(arg));
                }
                positionals.push(arg);
                continue;
            };
            if body.is_empty() {
                // `--`: the rest are positionals.
                positionals.extend(it.by_ref());
                break;
            }
            let (name, value) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (body.as_str(), None),
            };
            if name == "help" || name == "helpxml" {
                out.push(format!("--{body}"));
                continue;
            }
            let flag = match self.find(name) {
                Some(f) => f,
                None => match name.strip_prefix("no").and_then(|n| self.find(n)).filter(|f| f.kind == Kind::Bool && !f.switch) {
                    Some(f) if value.is_none() => {
                        out.push(format!("--{}=false", f.name));
                        continue;
                    }
                    _ => return Err(CliError::Unknown(name.to_string())),
                },
            };
            match value {
                Some(v) if flag.switch => return Err(CliError::Invalid { flag: flag.name, value: v.to_string(), kind: Kind::Bool }),
                Some(v) => {
                    check_value(flag, v)?;
                    out.push(format!("--{}={v}", flag.name));
                }
                None if flag.kind == Kind::Bool => out.push(format!("--{}", flag.name)),
                None if self.separate_values => {
                    let v = it.next().ok_or(CliError::MissingValue(flag.name))?;
                    check_value(flag, &v)?;
                    out.push(format!("--{}={v}", flag.name));
                }
                None => return Err(CliError::MissingValue(flag.name)),
            }
        }
        if !positionals.is_empty() {
            if self.positionals.is_none() {
                return Err(CliError::Unexpected(positionals.remove(0)));
            }
            out.push("--".into());
            out.extend(positionals);
        }
        Ok(out)
    }

    /// Parses `args` (without the program name).
    pub fn parse(&self, args: impl IntoIterator<Item = String>) -> Result<Parsed, CliError> {
        let args = self.prepass(args.into_iter().collect())?;
        if args.iter().any(|a| a == "--helpxml") {
            return Err(CliError::Help(self.help_xml()));
        }
        let m = self.command().try_get_matches_from(std::iter::once(self.name.to_string()).chain(args)).map_err(|e| {
            match e.kind() {
                clap::error::ErrorKind::DisplayHelp => CliError::Help(e.render().to_string()),
                _ => CliError::Other(e.render().to_string()),
            }
        })?;
        let mut p = Parsed::default();
        for f in self.flags {
            let vals: Vec<String> = if f.switch {
                if m.get_flag(f.name) {
                    vec!["true".into()]
                } else {
                    vec!["false".into()]
                }
            } else {
                m.get_many::<String>(f.name).map(|v| v.cloned().collect()).unwrap_or_default()
            };
            if m.value_source(f.name) == Some(clap::parser::ValueSource::CommandLine) {
                p.given.push(f.name);
            }
            if !vals.is_empty() {
                p.values.insert(f.name, vals);
            }
        }
        if self.positionals.is_some() {
            p.positionals = m.get_many::<String>("positionals").map(|v| v.cloned().collect()).unwrap_or_default();
        }
        Ok(p)
    }

    /// [`Tool::parse`] of the process's arguments; prints help and exits 0 on `--help`, and
    /// calls `fail` with any other error (then exits 1 if `fail` returns).
    pub fn parse_env_or(&self, fail: impl FnOnce(CliError)) -> Parsed {
        match self.parse(std::env::args().skip(1)) {
            Ok(p) => p,
            Err(CliError::Help(t)) => {
                print!("{t}");
                std::process::exit(0);
            }
            Err(e) => {
                fail(e);
                std::process::exit(1)
            }
        }
    }
}

fn check_value(f: &'static Flag, v: &str) -> Result<(), CliError> {
    let ok = match f.kind {
        Kind::Bool => parse_bool(v).is_some(),
        Kind::Int => v.parse::<i64>().is_ok(),
        Kind::Float => v.parse::<f64>().is_ok(),
        Kind::Str => true,
    };
    if ok {
        Ok(())
    } else {
        Err(CliError::Invalid { flag: f.name, value: v.to_string(), kind: f.kind })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FLAGS: &[Flag] = &[
        Flag::int("num", "1000", "Number of keys"),
        Flag::bool("histogram", "false", "Print a latency histogram"),
        Flag::float("ratio", "0.5", "A ratio"),
        Flag::opt("db", Kind::Str, "The database"),
        Flag::switch("hex", "Keys and values in hex"),
        Flag::int("block_size", "16384", "Block size").alias("set_block_size"),
    ];
    const GFLAGS: Tool =
        Tool { name: "t", about: "a tool", flags: FLAGS, separate_values: true, single_dash: true, positionals: None, after_help: "" };
    const LDB: Tool = Tool { positionals: Some("COMMAND"), separate_values: false, single_dash: false, ..GFLAGS };

    fn args(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn rocksdb_forms_parse_to_the_same_values() {
        let p = GFLAGS.parse(args(&["--num=5", "-ratio", "0.25", "--histogram", "--db", "/x"])).unwrap();
        assert_eq!((p.i64("num"), p.f64("ratio"), p.bool("histogram"), p.opt("db")), (5, 0.25, true, Some("/x")));
        let p = GFLAGS.parse(args(&["--nohistogram", "--num", "-3", "--set_block_size=7"])).unwrap();
        assert!(!p.bool("histogram") && p.i64("num") == -3 && p.i64("block_size") == 7);
        assert!(p.is_given("num") && !p.is_given("ratio") && p.opt("db").is_none());
        assert_eq!(p.f64("ratio"), 0.5);
        // The last of repeated values wins, as in gflags; all of them stay readable.
        let p = GFLAGS.parse(args(&["--num=1", "--num=2", "--histogram=0", "--histogram=yes"])).unwrap();
        assert_eq!((p.i64("num"), p.all("num").len(), p.bool("histogram")), (2, 2, true));
    }

    #[test]
    fn errors_name_the_flag() {
        assert_eq!(GFLAGS.parse(args(&["--nosuch=1"])).unwrap_err(), CliError::Unknown("nosuch".into()));
        assert_eq!(GFLAGS.parse(args(&["--nonum"])).unwrap_err(), CliError::Unknown("nonum".into()));
        assert_eq!(
            GFLAGS.parse(args(&["--num=x"])).unwrap_err().to_string(),
            "illegal value 'x' specified for int64 flag 'num'"
        );
        assert_eq!(GFLAGS.parse(args(&["--num"])).unwrap_err(), CliError::MissingValue("num"));
        assert!(matches!(GFLAGS.parse(args(&["stray"])).unwrap_err(), CliError::Unexpected(_)));
        // Without separate values (ldb, sst_dump) the next word is a positional.
        assert_eq!(LDB.parse(args(&["--db"])).unwrap_err(), CliError::MissingValue("db"));
        assert!(LDB.parse(args(&["-num=1"])).is_ok_and(|p| p.positionals == ["-num=1"]));
    }

    #[test]
    fn positionals_and_switches_mix_with_flags() {
        let p = LDB.parse(args(&["--db=/d", "put", "--hex", "k", "v", "-1"])).unwrap();
        assert_eq!(p.positionals, ["put", "k", "v", "-1"]);
        assert!(p.bool("hex") && !p.is_given("num"));
        assert!(matches!(LDB.parse(args(&["--hex=1"])).unwrap_err(), CliError::Invalid { .. }));
        assert!(!LDB.parse(args(&[])).unwrap().bool("hex"));
    }

    #[test]
    fn help_lists_every_flag_with_its_default() {
        let Err(CliError::Help(h)) = GFLAGS.parse(args(&["--help"])) else { panic!("no help") };
        for f in FLAGS {
            assert!(h.contains(&format!("--{}", f.name)), "{h}");
            assert!(h.contains(f.help), "{h}");
            if let (Some(d), false) = (f.default, f.switch) {
                assert!(h.contains(&format!("[default: {d}]")), "{h}");
            }
        }
        let Err(CliError::Help(x)) = GFLAGS.parse(args(&["--helpxml"])) else { panic!("no xml") };
        assert!(x.contains("<flag><name>num</name><meaning>Number of keys</meaning><default>1000</default><type>int64</type></flag>"));
    }
}
