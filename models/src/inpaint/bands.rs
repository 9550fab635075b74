//! Row bands processed on scoped threads. The number of bands is fixed
//! (independent of the thread count) so results are deterministic on any
//! machine.

pub(crate) const BANDS: usize = 8;

/// One band: its index, first row, end row and its rows of the data.
type Band<'a, T> = (usize, usize, usize, &'a mut [T]);

/// Calls `f(band, y0, y1, rows)` for each band of rows, where `rows` is the
/// mutable slice of `data` (row-major, `w` items per row) covering rows
/// `y0..y1`. Bands are spread over `threads` scoped threads.
pub(crate) fn for_bands<T, F>(data: &mut [T], w: usize, h: usize, threads: usize, f: F)
where
    T: Send,
    F: Fn(usize, usize, usize, &mut [T]) + Sync,
{
    let bands = BANDS.min(h.max(1));
    let rows_per = h.div_ceil(bands).max(1);
    let mut chunks: Vec<Band<'_, T>> = Vec::with_capacity(bands);
    for (b, chunk) in data.chunks_mut(rows_per * w).enumerate() {
        let y0 = b * rows_per;
        let y1 = (y0 + rows_per).min(h);
        chunks.push((b, y0, y1, chunk));
    }
    let threads = threads.clamp(1, chunks.len().max(1));
    if threads == 1 {
        for (b, y0, y1, rows) in chunks {
            f(b, y0, y1, rows);
        }
        return;
    }
    let mut per_thread: Vec<Vec<Band<'_, T>>> = (0..threads).map(|_| Vec::new()).collect();
    for (k, c) in chunks.into_iter().enumerate() {
        per_thread[k % threads].push(c);
    }
    let f = &f;
    std::thread::scope(|s| {
        for list in per_thread {
            s.spawn(move || {
                for (b, y0, y1, rows) in list {
                    f(b, y0, y1, rows);
                }
            });
        }
    });
}

/// Small deterministic generator (SplitMix64); quality is ample for
/// PatchMatch's random search.
pub(crate) struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `-r..=r`.
    pub fn offset(&mut self, r: usize) -> isize {
        let span = 2 * r as u64 + 1;
        (self.next_u64() % span) as isize - r as isize
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}
