//! `CachePadded`: a value alone on its cache lines.
//!
//! The writer updates some counters on every write (`DbInner::operations`, the last
//! sequence) while the background threads read their neighbours; sharing a cache line
//! would make every write pull the line back from the other core.

/// `T` aligned (and so padded) to 128 bytes: two cache lines, as the adjacent-line
/// prefetcher of x86 pulls pairs.
#[repr(align(128))]
#[derive(Default, Debug)]
pub struct CachePadded<T>(pub T);

impl<T> std::ops::Deref for CachePadded<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_padded_value_fills_its_own_lines() {
        assert_eq!(std::mem::align_of::<CachePadded<u8>>(), 128);
        assert_eq!(std::mem::size_of::<CachePadded<std::sync::atomic::AtomicUsize>>(), 128);
        let v = CachePadded(7u32);
        assert_eq!(*v, 7);
    }
}
