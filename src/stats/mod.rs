//! Tickers, histograms, perf context, compaction and stall statistics.
