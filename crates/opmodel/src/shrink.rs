//! Shrinking a failing program to a small one that still fails: delta debugging
//! (Zeller's ddmin) over the operations, then simpler versions of each remaining
//! operation (fewer entries in a batch, transaction or file, fewer iterator steps, no
//! save point, no two-phase commit, async instead of sync), kept when the program
//! still fails. `fails` runs a candidate program and says whether it shows the bug;
//! it is called many times, so it should be deterministic and quick.

use crate::op::*;

/// ddmin: a sub-sequence of `items` on which `fails` still holds, from which no single
/// item can be removed. Requires `fails(&items)`.
pub fn minimize<T: Clone>(items: Vec<T>, fails: &mut dyn FnMut(&[T]) -> bool) -> Vec<T> {
    let mut cur = items;
    let mut n = 2usize;
    while cur.len() >= 2 {
        let chunk = cur.len().div_ceil(n);
        let mut reduced = false;
        let mut start = 0;
        while start < cur.len() {
            let end = (start + chunk).min(cur.len());
            let candidate: Vec<T> = cur[..start].iter().chain(cur[end..].iter()).cloned().collect();
            if !candidate.is_empty() && fails(&candidate) {
                cur = candidate;
                n = (n - 1).max(2);
                reduced = true;
                break;
            }
            start = end;
        }
        if !reduced {
            if n >= cur.len() {
                break;
            }
            n = (n * 2).min(cur.len());
        }
    }
    cur
}

/// Simpler versions of one operation, simplest first.
pub fn simpler(op: &Op) -> Vec<Op> {
    let mut out = Vec::new();
    let fewer = |ms: &[Mutation]| -> Vec<Vec<Mutation>> {
        (0..ms.len()).filter(|_| ms.len() > 1).map(|i| ms.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, m)| m.clone()).collect()).collect()
    };
    match op {
        Op::Batch { mode, ms, savepoint } => {
            if savepoint.is_some() {
                out.push(Op::Batch { mode: *mode, ms: ms[..savepoint.unwrap().min(ms.len() as u32) as usize].to_vec(), savepoint: None });
            }
            if ms.len() == 1 {
                out.push(Op::Write { mode: *mode, m: ms[0].clone() });
            }
            for f in fewer(ms) {
                out.push(Op::Batch { mode: *mode, ms: f, savepoint: None });
            }
        }
        Op::Txn { kind, mode, ms, savepoint, two_phase, end } => {
            if *two_phase {
                out.push(Op::Txn { kind: *kind, mode: *mode, ms: ms.clone(), savepoint: *savepoint, two_phase: false, end: *end });
            }
            if savepoint.is_some() {
                out.push(Op::Txn { kind: *kind, mode: *mode, ms: ms.clone(), savepoint: None, two_phase: *two_phase, end: *end });
            }
            if *end == TxnEnd::Commit {
                out.push(Op::Batch { mode: *mode, ms: op.effective_mutations().to_vec(), savepoint: None });
            }
            for f in fewer(ms) {
                out.push(Op::Txn { kind: *kind, mode: *mode, ms: f, savepoint: None, two_phase: *two_phase, end: *end });
            }
        }
        Op::Ingest { cf, entries } => {
            for f in fewer(entries) {
                out.push(Op::Ingest { cf: *cf, entries: f });
            }
        }
        Op::Scan { cf, lower, upper, seek, steps } if !steps.is_empty() => {
            out.push(Op::Scan { cf: *cf, lower: *lower, upper: *upper, seek: *seek, steps: steps[..steps.len() - 1].to_vec() });
        }
        Op::MultiGet { cf, keys } if keys.len() > 1 => {
            for k in keys {
                out.push(Op::Get { cf: *cf, key: *k });
            }
        }
        _ => {}
    }
    if op.write_mode() == Some(WriteMode::Sync) {
        let mut o = op.clone();
        match &mut o {
            Op::Write { mode, .. } | Op::Batch { mode, .. } | Op::Txn { mode, .. } => *mode = WriteMode::Async,
            _ => {}
        }
        out.push(o);
    }
    out
}

/// A small program that still fails: ddmin, then each operation simplified while that
/// keeps the failure, repeated until nothing changes. Requires `fails(&program)`.
pub fn shrink_program(program: Vec<Op>, fails: &mut dyn FnMut(&[Op]) -> bool) -> Vec<Op> {
    let mut cur = minimize(program, fails);
    loop {
        let mut changed = false;
        let mut i = 0;
        while i < cur.len() {
            for s in simpler(&cur[i]) {
                let mut candidate = cur.clone();
                candidate[i] = s;
                if fails(&candidate) {
                    cur = candidate;
                    changed = true;
                    break;
                }
            }
            i += 1;
        }
        if !changed {
            break;
        }
        cur = minimize(cur, fails);
    }
    cur
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ddmin_finds_the_two_items_that_matter() {
        let items: Vec<u32> = (0..100).collect();
        let mut calls = 0;
        let out = minimize(items, &mut |c: &[u32]| {
            calls += 1;
            c.contains(&17) && c.contains(&83)
        });
        assert_eq!(out, vec![17, 83]);
        assert!(calls < 400, "{calls} calls");
    }

    #[test]
    fn programs_shrink_to_the_failing_entry() {
        let big = Op::Batch {
            mode: WriteMode::Sync,
            ms: vec![
                Mutation::Delete { cf: 0, key: 1 },
                Mutation::Put { cf: 0, key: 2, val: Val { id: 7, len: 0 } },
                Mutation::Delete { cf: 0, key: 3 },
            ],
            savepoint: None,
        };
        let prog = vec![Op::Get { cf: 0, key: 0 }, big, Op::Flush { cf: 0 }, Op::Get { cf: 0, key: 2 }];
        // "Fails" whenever the program still writes key 2 and then reads it.
        let mut fails = |p: &[Op]| {
            let w = p.iter().position(|o| o.mutations().iter().any(|m| matches!(m, Mutation::Put { key: 2, .. })));
            let r = p.iter().position(|o| *o == Op::Get { cf: 0, key: 2 });
            matches!((w, r), (Some(w), Some(r)) if w < r)
        };
        let out = shrink_program(prog, &mut fails);
        assert_eq!(out.len(), 2);
        assert_eq!(out[0].to_string(), "write async put 0 2 7:0");
        assert_eq!(out[1].to_string(), "get 0 2");
    }
}
