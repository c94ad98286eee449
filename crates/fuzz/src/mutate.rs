//! Mutations of a seed: the classic byte-level ones (bit flips, interesting values, varints
//! and fixed-width integers written over length fields, insertions, deletions, duplicated
//! and spliced ranges, truncation), one to eight per input, from a seeded generator.

use ferrock_opmodel::rng::Rng;

/// Inputs never grow past this (a bound the allocation check is relative to).
pub const MAX_INPUT: usize = 1 << 20;

const INTERESTING8: [u8; 9] = [0, 1, 0x7f, 0x80, 0xff, 0x0f, 0x10, 0x40, 0xfe];
const INTERESTING32: [u32; 9] = [0, 1, 0x7f, 0x80, 0xffff, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff, 0x1000_0000];

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// One mutation of `data` in place; `other` is another seed to splice from.
pub fn mutate_once(rng: &mut Rng, data: &mut Vec<u8>, other: &[u8]) {
    if data.is_empty() {
        data.push(rng.below(256) as u8);
        return;
    }
    let len = data.len();
    let at = rng.below(len as u64) as usize;
    match rng.below(13) {
        0 => data[at] ^= 1 << rng.below(8),
        1 => data[at] = rng.below(256) as u8,
        2 => data[at] = *rng.pick(&INTERESTING8),
        3 => {
            let v = rng.pick(&INTERESTING32).to_le_bytes();
            let n = (len - at).min(4);
            data[at..at + n].copy_from_slice(&v[..n]);
        }
        4 => {
            // A varint over whatever was there (block entry lengths, handles, counts).
            let mut v = Vec::new();
            let big = [0u64, 1, 127, 128, 16383, 1 << 20, 1 << 31, u32::MAX as u64, u64::MAX, len as u64, len as u64 + 1];
            put_varint(&mut v, *rng.pick(&big));
            let n = (len - at).min(v.len());
            data[at..at + n].copy_from_slice(&v[..n]);
        }
        5 => {
            let v = rng.pick(&[0u64, u64::MAX, 1 << 40, len as u64]).to_le_bytes();
            let n = (len - at).min(8);
            data[at..at + n].copy_from_slice(&v[..n]);
        }
        6 if len < MAX_INPUT => {
            let n = rng.range(1, 16) as usize;
            let bytes: Vec<u8> = (0..n).map(|_| rng.below(256) as u8).collect();
            data.splice(at..at, bytes);
        }
        7 => {
            let n = rng.range(1, (len - at).min(64) as u64) as usize;
            data.drain(at..at + n);
        }
        8 if len < MAX_INPUT => {
            let n = rng.range(1, (len - at).min(256) as u64) as usize;
            let chunk = data[at..at + n].to_vec();
            let to = rng.below(len as u64 + 1) as usize;
            data.splice(to..to, chunk);
        }
        9 => data.truncate(at),
        10 if !other.is_empty() => {
            let from = rng.below(other.len() as u64) as usize;
            let n = rng.range(1, (other.len() - from).min(512) as u64) as usize;
            let n = n.min(len - at);
            data[at..at + n].copy_from_slice(&other[from..from + n]);
        }
        11 => {
            // Swap two bytes far apart.
            let b = rng.below(len as u64) as usize;
            data.swap(at, b);
        }
        _ => {
            let n = (len - at).min(rng.range(1, 8) as usize);
            for b in &mut data[at..at + n] {
                *b = 0;
            }
        }
    }
    data.truncate(MAX_INPUT);
}

/// A mutated copy of `seed`: one to eight mutations.
pub fn mutate(rng: &mut Rng, seed: &[u8], other: &[u8]) -> Vec<u8> {
    let mut d = seed.to_vec();
    let n = 1 + rng.below(8);
    for _ in 0..n {
        mutate_once(rng, &mut d, other);
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutations_change_inputs_deterministically_and_stay_bounded() {
        let seed: Vec<u8> = (0..200u32).map(|i| i as u8).collect();
        let mut a = Rng::new(5);
        let mut b = Rng::new(5);
        let mut changed = 0;
        for _ in 0..1000 {
            let x = mutate(&mut a, &seed, b"other seed bytes");
            let y = mutate(&mut b, &seed, b"other seed bytes");
            assert_eq!(x, y);
            assert!(x.len() <= MAX_INPUT);
            if x != seed {
                changed += 1;
            }
        }
        assert!(changed > 900, "{changed}");
        let mut e = Vec::new();
        mutate_once(&mut a, &mut e, b"");
        assert_eq!(e.len(), 1);
    }
}
