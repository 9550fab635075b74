//! The product's output ratios and sizes (1:1 1024², 16:9 1792×1024, 9:16
//! 1024×1792, 3:4 768×1024). SD 1.5-class models run at half of these.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputRatio {
    Square,
    Landscape16x9,
    Portrait9x16,
    Portrait3x4,
}

impl OutputRatio {
    pub fn size(self) -> (u32, u32) {
        match self {
            OutputRatio::Square => (1024, 1024),
            OutputRatio::Landscape16x9 => (1792, 1024),
            OutputRatio::Portrait9x16 => (1024, 1792),
            OutputRatio::Portrait3x4 => (768, 1024),
        }
    }

    /// The size a model runs at: the output size divided by the model
    /// class's divisor (2 for SD 1.5), rounded down to the VAE factor.
    pub fn size_for(self, divisor: u32, factor: u32) -> (u32, u32) {
        let (w, h) = self.size();
        run_size(w, h, divisor, factor)
    }
}

/// The size a model runs at for a `w`×`h` output: divided by the model
/// class's divisor, rounded down to the VAE factor, at least one factor.
pub fn run_size(w: u32, h: u32, divisor: u32, factor: u32) -> (u32, u32) {
    let f = factor.max(1);
    let d = divisor.max(1);
    (((w / d) / f * f).max(f), ((h / d) / f * f).max(f))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sd15_runs_at_half_size() {
        assert_eq!(OutputRatio::Landscape16x9.size_for(2, 8), (896, 512));
        assert_eq!(OutputRatio::Square.size_for(1, 8), (1024, 1024));
        assert_eq!(OutputRatio::Portrait3x4.size_for(2, 8), (384, 512));
        assert_eq!(run_size(1000, 750, 2, 8), (496, 368));
        assert_eq!(run_size(30, 1024, 16, 8), (8, 64), "never below one VAE factor");
    }
}
