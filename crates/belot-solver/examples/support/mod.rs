//! What the timing examples share.
#![allow(dead_code)]

/// Decision times in milliseconds, summed up: how many, the mean, the
/// median, the 99th percentile and the longest.
pub struct Times {
    pub count: usize,
    pub mean: f64,
    pub median: f64,
    pub p99: f64,
    pub max: f64,
}

impl Times {
    /// Sorts `ms` (not empty) and sums it up.
    pub fn of(ms: &mut [f64]) -> Times {
        ms.sort_by(f64::total_cmp);
        let q = |p: f64| ms[((ms.len() - 1) as f64 * p).round() as usize];
        let mean = ms.iter().sum::<f64>() / ms.len() as f64;
        Times { count: ms.len(), mean, median: q(0.5), p99: q(0.99), max: q(1.0) }
    }
}
