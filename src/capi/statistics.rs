//! Statistics through the options handle (`rocksdb_options_enable_statistics`,
//! `rocksdb_options_statistics_get_*`) and histogram data objects. The statistics object is
//! created by `enable_statistics` and shared by every database opened with these options.

use super::options::rocksdb_options_t;
use super::{drop_handle, guarded, handle, handle_mut, into_handle, malloc_cstring};
use crate::stats::HistogramData;
use libc::c_char;

/// `rocksdb_statistics_histogram_data_t`: one histogram's summary.
pub struct rocksdb_statistics_histogram_data_t {
    data: HistogramData,
}

/// The statistics text (RocksDB's `Statistics::ToString` lines), malloc'd; NULL when
/// statistics are not enabled on these options.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_statistics_get_string(opt: *mut rocksdb_options_t) -> *mut c_char {
    guarded(std::ptr::null_mut(), || {
        let o = handle(opt, "options")?;
        Ok(match &o.opts.stats {
            Some(s) => malloc_cstring(&s.to_text()),
            None => std::ptr::null_mut(),
        })
    })
}

/// A ticker by RocksDB's ticker number (0 when statistics are off or the ticker is not kept).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_statistics_get_ticker_count(opt: *mut rocksdb_options_t, ticker_type: u32) -> u64 {
    guarded(0, || Ok(handle(opt, "options")?.opts.stats.as_ref().map_or(0, |s| s.ticker_count(ticker_type))))
}

/// Fills `data` with a histogram by RocksDB's histogram number.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_statistics_get_histogram_data(
    opt: *mut rocksdb_options_t,
    histogram_type: u32,
    data: *mut rocksdb_statistics_histogram_data_t,
) {
    guarded((), || {
        let o = handle(opt, "options")?;
        let d = handle_mut(data, "histogram data")?;
        d.data = o.opts.stats.as_ref().map_or_else(HistogramData::default, |s| s.histogram_data(histogram_type));
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_statistics_histogram_data_create() -> *mut rocksdb_statistics_histogram_data_t {
    into_handle(rocksdb_statistics_histogram_data_t { data: HistogramData::default() })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_statistics_histogram_data_destroy(data: *mut rocksdb_statistics_histogram_data_t) {
    guarded((), || {
        drop_handle(data);
        Ok(())
    })
}

unsafe fn read<T: Default>(data: *mut rocksdb_statistics_histogram_data_t, f: impl FnOnce(&HistogramData) -> T) -> T {
    guarded(T::default(), || Ok(f(&handle(data, "histogram data")?.data)))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_statistics_histogram_data_get_median(data: *mut rocksdb_statistics_histogram_data_t) -> f64 {
    read(data, |d| d.median)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_statistics_histogram_data_get_p95(data: *mut rocksdb_statistics_histogram_data_t) -> f64 {
    read(data, |d| d.percentile95)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_statistics_histogram_data_get_p99(data: *mut rocksdb_statistics_histogram_data_t) -> f64 {
    read(data, |d| d.percentile99)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_statistics_histogram_data_get_average(data: *mut rocksdb_statistics_histogram_data_t) -> f64 {
    read(data, |d| d.average)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_statistics_histogram_data_get_std_dev(data: *mut rocksdb_statistics_histogram_data_t) -> f64 {
    read(data, |d| d.standard_deviation)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_statistics_histogram_data_get_max(data: *mut rocksdb_statistics_histogram_data_t) -> f64 {
    read(data, |d| d.max)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_statistics_histogram_data_get_count(data: *mut rocksdb_statistics_histogram_data_t) -> u64 {
    read(data, |d| d.count)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_statistics_histogram_data_get_sum(data: *mut rocksdb_statistics_histogram_data_t) -> u64 {
    read(data, |d| d.sum)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_statistics_histogram_data_get_min(data: *mut rocksdb_statistics_histogram_data_t) -> f64 {
    read(data, |d| d.min)
}
