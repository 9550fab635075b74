//! The shortest route from a result to a download of a given long side.
//! Super-resolution is by far the most expensive step (Real-ESRGAN's cost
//! grows with the pixels it is given), so it is used only where a resize
//! would visibly blur, and then on no more input pixels than the target
//! needs. The thresholds are chosen by `scripts/bench upscale`, which
//! measures every route's time and fidelity on the same images.

/// How a source reaches the target long side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// The source already has the target size.
    Keep,
    /// The source is larger: Lanczos down (no model).
    Downscale,
    /// A small enlargement (at most [`RouteOptions::sharpen_max_factor`]):
    /// Lanczos up, then an unsharp mask to restore edge contrast.
    ResizeSharpen,
    /// A large enlargement: the source resized to `input` (its long side at
    /// most [`RouteOptions::max_model_input`]), ×4 through the model, then
    /// Lanczos to the exact target.
    SuperResolve { input: (u32, u32) },
}

/// Where one route ends and the next begins.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RouteOptions {
    /// Largest enlargement done by resizing and sharpening alone.
    pub sharpen_max_factor: f32,
    /// Largest long side the model is given: beyond it, the source is first
    /// resized down to it (the ×4 output still covers the target).
    pub max_model_input: u32,
    /// Smallest long side the model is given: a smaller source is first
    /// enlarged to it with Lanczos, so that the model's ×4 overshoots the
    /// target and the last step is a reduction, which hides the model's
    /// artefacts (measured from 512 px: 2.3 dB closer to the original than
    /// the model at exactly ×4, 0.7 dB closer than Lanczos alone).
    pub min_model_input: u32,
}

impl Default for RouteOptions {
    /// 1.5×, 1024 px and 768 px, measured by `scripts/bench upscale`
    /// (docs/upscale.md): up to 1.5× Lanczos is as faithful as the model at
    /// a tenth of the time; the model given the whole of a 1024-px source
    /// is 1.2 dB closer to the original than given 768 px, still well
    /// within the 20 s a 2K download may take on 2 cores.
    fn default() -> Self {
        RouteOptions { sharpen_max_factor: 1.5, max_model_input: 1024, min_model_input: 768 }
    }
}

/// The route from a `(width, height)` source to long side `target_long`
/// with a ×`model_scale` model.
pub fn plan_route(source: (u32, u32), target_long: u32, model_scale: u32, opts: RouteOptions) -> Route {
    let (w, h) = source;
    let long = w.max(h).max(1);
    if long == target_long {
        return Route::Keep;
    }
    if long > target_long {
        return Route::Downscale;
    }
    let factor = target_long as f32 / long as f32;
    if factor <= opts.sharpen_max_factor {
        return Route::ResizeSharpen;
    }
    // The model never needs more input than target / scale to cover the
    // target, but more input (up to the cap) keeps more of the source's
    // own detail.
    let needed = target_long.div_ceil(model_scale.max(1));
    let cap = opts.max_model_input.max(needed);
    let input_long = long.clamp(opts.min_model_input.min(cap), cap);
    let input = if input_long == long { (w, h) } else { super::fit_long_side(w, h, input_long) };
    Route::SuperResolve { input }
}

#[cfg(test)]
mod tests {
    use super::*;

    const O: RouteOptions = RouteOptions { sharpen_max_factor: 1.5, max_model_input: 768, min_model_input: 0 };

    #[test]
    fn sources_with_enough_pixels_never_reach_the_model() {
        assert_eq!(plan_route((2048, 1536), 2048, 4, O), Route::Keep);
        assert_eq!(plan_route((4000, 3000), 2048, 4, O), Route::Downscale);
        assert_eq!(plan_route((1600, 1600), 2048, 4, O), Route::ResizeSharpen);
        // 2048 / 1366 = 1.4993: still a resize.
        assert_eq!(plan_route((1366, 900), 2048, 4, O), Route::ResizeSharpen);
    }

    #[test]
    fn the_model_gets_no_more_input_than_the_cap() {
        // 1024 px: resized to 768 first, ×4 = 3072 covers 2048.
        assert_eq!(plan_route((1024, 1024), 2048, 4, O), Route::SuperResolve { input: (768, 768) });
        assert_eq!(plan_route((1024, 512), 2048, 4, O), Route::SuperResolve { input: (768, 384) });
        // Small sources go in whole.
        assert_eq!(plan_route((160, 120), 2048, 4, O), Route::SuperResolve { input: (160, 120) });
        assert_eq!(plan_route((600, 700), 2048, 4, O), Route::SuperResolve { input: (600, 700) });
        assert_eq!(plan_route((600, 800), 2048, 4, O), Route::SuperResolve { input: (576, 768) });
    }

    #[test]
    fn small_sources_are_enlarged_to_the_least_model_input() {
        let o = RouteOptions { min_model_input: 768, ..O };
        assert_eq!(plan_route((512, 384), 2048, 4, o), Route::SuperResolve { input: (768, 576) });
        assert_eq!(plan_route((160, 120), 2048, 4, o), Route::SuperResolve { input: (768, 576) });
        assert_eq!(plan_route((1000, 800), 2048, 4, o), Route::SuperResolve { input: (768, 614) });
        assert_eq!(RouteOptions::default().min_model_input, 768);
    }

    #[test]
    fn a_cap_below_what_the_target_needs_is_raised_to_it() {
        let tight = RouteOptions { max_model_input: 100, ..O };
        // ×4 of 512 is exactly 2048: the least input that covers the target.
        assert_eq!(plan_route((1024, 1024), 2048, 4, tight), Route::SuperResolve { input: (512, 512) });
    }
}
