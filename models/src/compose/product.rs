//! The whole "product on a new background" pipeline after segmentation:
//! crop and bound the cutout, refine its edge once, then render each
//! `genNum` variant (placement, light and background variant).

use image::imageops::FilterType;
use image::{DynamicImage, GrayImage, RgbImage, RgbaImage};

use super::alpha::refine_alpha;
use super::background::{render_background, Background};
use super::filters::bbox_above;
use super::frame::frame_subject;
use super::place::{alpha_bbox, place_product, Effects, Placement, Shadow};

/// Options of one composition, shared by its variants.
#[derive(Debug, Clone, PartialEq)]
pub struct ComposeOptions {
    pub background: Background,
    /// Output size.
    pub width: u32,
    pub height: u32,
    /// The original app's scale factor, 1.0..=1.6 (see [`scale_factor`]).
    pub scale: f32,
    /// Erosion of the mask in pixels (the original app's `erodeSize`), measured at
    /// the output's scale.
    pub erode: u32,
    /// Add a floor reflection where the background suits one.
    pub reflection: bool,
}

/// The original app's scale slider, 0..=100, to the factor 1.0..=1.6.
pub fn scale_factor(slider: u8) -> f32 {
    1.0 + 0.6 * f32::from(slider.min(100)) / 100.0
}

/// How large the product is at scale factor 1: its box fills this share of
/// the canvas (so 1.6 gives 0.88, nearly edge to edge).
pub const BASE_FILL: f32 = 0.55;

/// Crops `image`/`mask` to the product (plus a margin for the edge
/// estimators), downscales so the product is no larger than it will be on
/// a `max_side` canvas, and refines the edge there ([`refine_alpha`]).
/// Working at output scale keeps the cost independent of the upload's
/// resolution. `None` when the mask is empty or sizes differ.
pub fn prepare_cutout(image: &RgbImage, mask: &GrayImage, erode: u32, max_side: u32) -> Option<RgbaImage> {
    if image.dimensions() != mask.dimensions() {
        return None;
    }
    let (w, h) = image.dimensions();
    let (x0, y0, x1, y1) = bbox_above(mask.as_raw().iter().copied(), w as usize, 8)?;
    let (bw, bh) = ((x1 - x0) as u32, (y1 - y0) as u32);
    let margin = (bw.max(bh) / 16).max(8);
    let cx0 = (x0 as u32).saturating_sub(margin);
    let cy0 = (y0 as u32).saturating_sub(margin);
    let cx1 = (x1 as u32 + margin).min(w);
    let cy1 = (y1 as u32 + margin).min(h);
    let (cw, ch) = (cx1 - cx0, cy1 - cy0);
    let crop_rgb = image::imageops::crop_imm(image, cx0, cy0, cw, ch).to_image();
    let crop_mask = image::imageops::crop_imm(mask, cx0, cy0, cw, ch).to_image();
    let s = (max_side as f32 / bw.max(bh) as f32).min(1.0);
    let (rgb, mask) = if s < 1.0 {
        let (sw, sh) = (((cw as f32) * s).round().max(1.0) as u32, ((ch as f32) * s).round().max(1.0) as u32);
        (
            DynamicImage::ImageRgb8(crop_rgb).resize_exact(sw, sh, FilterType::Triangle).into_rgb8(),
            DynamicImage::ImageLuma8(crop_mask).resize_exact(sw, sh, FilterType::Triangle).into_luma8(),
        )
    } else {
        (crop_rgb, crop_mask)
    };
    Some(refine_alpha(&rgb, &mask, erode))
}

/// The largest side the product can have on the canvas (variant 0, the
/// largest) for an upright product: what [`prepare_cutout`] should work at,
/// so that edge refinement never runs on more pixels than the output shows.
pub fn working_side(options: &ComposeOptions) -> u32 {
    let size = (BASE_FILL * options.scale.clamp(1.0, 1.6)).min(0.9);
    ((options.width.max(options.height) as f32) * size).ceil() as u32 + 2
}

/// [`working_side`] for a subject whose box in the mask is `subject`
/// (width, height): wide products are framed larger ([`frame_subject`]).
pub fn working_side_for(options: &ComposeOptions, subject: (u32, u32)) -> u32 {
    let (placement, _) = variant_plan(0, options);
    let framed = frame_subject(placement, subject, (options.width, options.height));
    let gain = (framed.size / placement.size.max(0.01)).max(1.0);
    (working_side(options) as f32 * gain).ceil() as u32
}

/// The box (width, height) of a mask's subject (values ≥ 8).
pub fn subject_box(mask: &GrayImage) -> Option<(u32, u32)> {
    let (x0, y0, x1, y1) = bbox_above(mask.as_raw().iter().copied(), mask.width() as usize, 8)?;
    Some(((x1 - x0) as u32, (y1 - y0) as u32))
}

/// Placement and effects of variant `variant` (0-based): the first is the
/// classic centred packshot lit from the upper left; the next ones move the
/// product off centre with the light from the other side and a longer
/// shadow, or lower it with a short top-light shadow and a reflection.
pub fn variant_plan(variant: u32, options: &ComposeOptions) -> (Placement, Effects) {
    let ground = options.background.ground();
    let size = (BASE_FILL * options.scale.clamp(1.0, 1.6)).min(0.9);
    let wide = options.width as f32 / options.height.max(1) as f32;
    // Off-centre moves are larger on wide canvases, where there is room.
    let off = if wide > 1.2 { 0.18 } else { 0.11 };
    let reflect = options.reflection && options.background.suits_reflection();
    let (centre_x, light_x, length, size_k, refl) = match variant % 4 {
        0 => (0.5, -0.6, 0.28, 1.0, reflect),
        1 => (0.5 - off, 0.7, 0.4, 0.95, false),
        2 => (0.5 + off, -0.8, 0.45, 0.95, false),
        _ => (0.5, 0.0, 0.12, 0.9, true),
    };
    let ground_y = if variant % 4 == 3 { (ground + 0.03).min(0.95) } else { ground };
    let placement = Placement { centre_x, ground_y, size: size * size_k };
    let effects = Effects {
        shadow: Some(Shadow { light_x, length, opacity: 0.3, contact: 0.6 }),
        reflection: (refl && options.background.suits_reflection()).then_some(0.22),
        light_match: 0.5,
    };
    (placement, effects)
}

/// Renders variant `variant` of a prepared cutout ([`prepare_cutout`]):
/// the background's own variant, then the placement and effects of
/// [`variant_plan`], framed by the subject's own box ([`frame_subject`]).
pub fn compose_variant(cutout: &RgbaImage, options: &ComposeOptions, variant: u32) -> RgbImage {
    let bg = render_background(&options.background, options.width, options.height, variant);
    let (placement, effects) = variant_plan(variant, options);
    let placement = match alpha_bbox(cutout) {
        Some((x0, y0, x1, y1)) => frame_subject(placement, (x1 - x0, y1 - y0), (options.width, options.height)),
        None => placement,
    };
    place_product(cutout, &bg, &placement, &effects)
}

/// A thumbnail whose long side is `max_side` (never enlarged).
pub fn thumbnail(image: &RgbImage, max_side: u32) -> RgbImage {
    let (w, h) = image.dimensions();
    let s = (max_side as f32 / w.max(h).max(1) as f32).min(1.0);
    if s >= 1.0 {
        return image.clone();
    }
    let (tw, th) = (((w as f32) * s).round().max(1.0) as u32, ((h as f32) * s).round().max(1.0) as u32);
    DynamicImage::ImageRgb8(image.clone()).resize_exact(tw, th, FilterType::Triangle).into_rgb8()
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Luma, Rgb};

    fn bottle_on_green(w: u32, h: u32) -> (RgbImage, GrayImage) {
        let inside = |x: u32, y: u32| {
            let (fx, fy) = (x as f32 / w as f32, y as f32 / h as f32);
            (0.35..0.65).contains(&fx) && (0.2..0.85).contains(&fy)
        };
        let img = RgbImage::from_fn(w, h, |x, y| if inside(x, y) { Rgb([190, 40, 50]) } else { Rgb([30, 200, 40]) });
        let mask = GrayImage::from_fn(w, h, |x, y| Luma([if inside(x, y) { 255 } else { 0 }]));
        (img, mask)
    }

    fn options(bg: Background) -> ComposeOptions {
        ComposeOptions { background: bg, width: 256, height: 256, scale: 1.0, erode: 1, reflection: false }
    }

    #[test]
    fn scale_slider_maps_to_one_to_one_point_six() {
        assert_eq!(scale_factor(0), 1.0);
        assert!((scale_factor(50) - 1.3).abs() < 1e-6);
        assert!((scale_factor(100) - 1.6).abs() < 1e-6);
        assert!((scale_factor(255) - 1.6).abs() < 1e-6);
    }

    #[test]
    fn larger_scale_gives_a_larger_product() {
        let (img, mask) = bottle_on_green(400, 400);
        let cut = prepare_cutout(&img, &mask, 0, 256).unwrap();
        let red = |o: &RgbImage| o.pixels().filter(|p| p[0] > 150 && p[1] < 80).count();
        let small = compose_variant(&cut, &options(Background::Solid([255; 3])), 0);
        let big = compose_variant(&cut, &ComposeOptions { scale: 1.6, ..options(Background::Solid([255; 3])) }, 0);
        assert!(red(&big) as f32 > red(&small) as f32 * 1.8, "{} vs {}", red(&big), red(&small));
    }

    #[test]
    fn no_green_survives_on_the_new_background() {
        let (img, mask) = bottle_on_green(300, 300);
        let cut = prepare_cutout(&img, &mask, 1, 256).unwrap();
        let out = compose_variant(&cut, &options(Background::Solid([255; 3])), 0);
        let greenish = out.pixels().filter(|p| i32::from(p[1]) > i32::from(p[0]) + 30).count();
        assert_eq!(greenish, 0);
    }

    #[test]
    fn variants_differ_in_placement() {
        let (img, mask) = bottle_on_green(300, 300);
        let cut = prepare_cutout(&img, &mask, 0, 256).unwrap();
        let o = options(Background::Template("studio-light".into()));
        let centroid = |img: &RgbImage| {
            let pts: Vec<u32> =
                img.enumerate_pixels().filter(|(_, _, p)| p[0] > 150 && p[1] < 80).map(|(x, _, _)| x).collect();
            pts.iter().sum::<u32>() as f32 / pts.len() as f32
        };
        let xs: Vec<f32> = (0..3).map(|v| centroid(&compose_variant(&cut, &o, v))).collect();
        assert!(xs[1] < xs[0] - 10.0 && xs[2] > xs[0] + 10.0, "{xs:?}");
    }

    #[test]
    fn empty_mask_has_no_cutout() {
        assert!(prepare_cutout(&RgbImage::new(10, 10), &GrayImage::new(10, 10), 0, 64).is_none());
    }

    #[test]
    fn thumbnails_are_bounded() {
        let t = thumbnail(&RgbImage::new(1792, 1024), 512);
        assert_eq!(t.dimensions(), (512, 293));
        assert_eq!(thumbnail(&RgbImage::new(100, 50), 512).dimensions(), (100, 50));
    }
}
