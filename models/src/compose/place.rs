//! Placing a refined cutout on a background: scale and position, light
//! matching, a soft contact shadow and a cast shadow computed from the
//! mask, an optional floor reflection, then alpha compositing.

use image::imageops::FilterType;
use image::{DynamicImage, RgbImage, RgbaImage};

use super::filters::{bbox_above, Plane};

/// Where and how large the product stands on the canvas.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placement {
    /// Horizontal centre of the product, as a fraction of the width.
    pub centre_x: f32,
    /// Where the product's base stands, as a fraction of the height.
    pub ground_y: f32,
    /// The product's bounding box fits in this fraction of the canvas's
    /// width and height (the larger of its two ratios equals `size`).
    pub size: f32,
}

/// The shadow cast by a key light.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shadow {
    /// Where the light comes from horizontally: -1 left .. 1 right. The
    /// cast shadow falls to the other side.
    pub light_x: f32,
    /// Length of the cast shadow relative to the product's height
    /// (0 = contact shadow only).
    pub length: f32,
    /// Darkness of the cast shadow, 0..1.
    pub opacity: f32,
    /// Darkness of the contact shadow right under the product, 0..1.
    pub contact: f32,
}

/// Treatments applied while placing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Effects {
    pub shadow: Option<Shadow>,
    /// Opacity of a floor reflection (0 or `None` = none).
    pub reflection: Option<f32>,
    /// How far the product's colour and brightness move towards the
    /// background's, 0..1 (0.5 is a natural amount).
    pub light_match: f32,
}

impl Default for Effects {
    fn default() -> Self {
        Effects {
            shadow: Some(Shadow { light_x: -0.5, length: 0.3, opacity: 0.35, contact: 0.55 }),
            reflection: None,
            light_match: 0.5,
        }
    }
}

/// The product's rectangle on the canvas: `(x0, y0, width, height)`; `x0`
/// and `y0` may be negative only if the product is larger than the canvas.
pub fn product_rect(cutout: &RgbaImage, canvas: (u32, u32), placement: &Placement) -> Option<(i64, i64, u32, u32)> {
    let (bx0, by0, bx1, by1) = alpha_bbox(cutout)?;
    let (bw, bh) = ((bx1 - bx0) as f32, (by1 - by0) as f32);
    let (cw, ch) = (canvas.0 as f32, canvas.1 as f32);
    let size = placement.size.clamp(0.05, 0.98);
    let s = (size * cw / bw).min(size * ch / bh);
    let (tw, th) = ((bw * s).round().max(1.0) as u32, (bh * s).round().max(1.0) as u32);
    let margin = (ch * 0.02) as i64;
    let x0 = (placement.centre_x * cw - tw as f32 / 2.0).round() as i64;
    // Keep the product inside the canvas, a small margin from the sides.
    let hi = (canvas.0 as i64 - tw as i64 - margin).max(0);
    let x0 = x0.clamp(margin.min(hi), hi);
    let y0 = (placement.ground_y * ch).round() as i64 - th as i64;
    let y0 = y0.max(margin.min(canvas.1 as i64 - th as i64));
    Some((x0, y0, tw, th))
}

/// The product as [`place_product`] lays it on a `canvas`-sized picture,
/// before light matching: its rectangle ([`product_rect`]) and the cutout
/// cropped to its opaque box and scaled to it.
pub fn scaled_product(
    cutout: &RgbaImage,
    canvas: (u32, u32),
    placement: &Placement,
) -> Option<((i64, i64, u32, u32), RgbaImage)> {
    let rect = product_rect(cutout, canvas, placement)?;
    let (bx0, by0, bx1, by1) = alpha_bbox(cutout)?;
    let (_, _, tw, th) = rect;
    let crop = image::imageops::crop_imm(cutout, bx0, by0, bx1 - bx0, by1 - by0).to_image();
    let filter = if tw < bx1 - bx0 { FilterType::Triangle } else { FilterType::CatmullRom };
    Some((rect, DynamicImage::ImageRgba8(crop).resize_exact(tw, th, filter).into_rgba8()))
}

/// The box `(x0, y0, x1, y1)` (exclusive ends) of the cutout's opaque part.
pub(super) fn alpha_bbox(cutout: &RgbaImage) -> Option<(u32, u32, u32, u32)> {
    let (x0, y0, x1, y1) = bbox_above(cutout.pixels().map(|p| p[3]), cutout.width() as usize, 8)?;
    Some((x0 as u32, y0 as u32, x1 as u32, y1 as u32))
}

/// Places `cutout` (straight alpha, colours decontaminated, e.g. from
/// [`super::refine_alpha`]) on `background` and returns the composite at
/// the background's size. A cutout with no opaque pixel leaves the
/// background as it is.
pub fn place_product(cutout: &RgbaImage, background: &RgbImage, placement: &Placement, effects: &Effects) -> RgbImage {
    let mut out = background.clone();
    let canvas = background.dimensions();
    let Some((rect, mut product)) = scaled_product(cutout, canvas, placement) else {
        return out;
    };
    let (x0, y0, _, _) = rect;
    if effects.light_match > 0.0 {
        match_light(&mut product, background, rect, effects.light_match);
    }
    if let Some(shadow) = effects.shadow {
        let (darkness, ox, oy) = shadow_plane(&product, canvas, rect, &shadow);
        let cw = canvas.0 as usize;
        for (y, row) in darkness.v.chunks_exact(darkness.w.max(1)).enumerate() {
            let start = ((oy + y) * cw + ox) * 3;
            let dst = &mut out.as_mut()[start..start + row.len() * 3];
            for (px, &d) in dst.chunks_exact_mut(3).zip(row) {
                let k = 1.0 - d.clamp(0.0, 0.95);
                for c in px.iter_mut() {
                    *c = (f32::from(*c) * k).round() as u8;
                }
            }
        }
    }
    if let Some(opacity) = effects.reflection.filter(|o| *o > 0.0) {
        reflect(&mut out, &product, rect, opacity.min(1.0));
    }
    blend(&mut out, &product, x0, y0, |_, _, a| a);
    out
}

/// Alpha-blends `layer` at (`x0`, `y0`); `weight(x, y, alpha)` gives the
/// opacity of each layer pixel (0..1) from its alpha (0..1).
fn blend(out: &mut RgbImage, layer: &RgbaImage, x0: i64, y0: i64, weight: impl Fn(u32, u32, f32) -> f32) {
    let (cw, ch) = (i64::from(out.width()), i64::from(out.height()));
    for (lx, ly, p) in layer.enumerate_pixels() {
        let (x, y) = (x0 + i64::from(lx), y0 + i64::from(ly));
        if x < 0 || y < 0 || x >= cw || y >= ch || p[3] == 0 {
            continue;
        }
        let a = weight(lx, ly, f32::from(p[3]) / 255.0);
        if a <= 0.0 {
            continue;
        }
        let dst = out.get_pixel_mut(x as u32, y as u32);
        for c in 0..3 {
            dst[c] = (f32::from(p[c]) * a + f32::from(dst[c]) * (1.0 - a)).round() as u8;
        }
    }
}

/// Moves the product's mean colour and brightness part of the way towards
/// those of the background around it, so it looks lit by the same light.
fn match_light(product: &mut RgbaImage, background: &RgbImage, rect: (i64, i64, u32, u32), strength: f32) {
    let (x0, y0, tw, th) = rect;
    let (cw, ch) = (i64::from(background.width()), i64::from(background.height()));
    // The background around the product (its box grown by half).
    let gx0 = (x0 - i64::from(tw) / 2).clamp(0, cw - 1);
    let gx1 = (x0 + i64::from(tw) * 3 / 2).clamp(gx0 + 1, cw);
    let gy0 = (y0 - i64::from(th) / 2).clamp(0, ch - 1);
    let gy1 = (y0 + i64::from(th) * 3 / 2).clamp(gy0 + 1, ch);
    let mut bg = [0f64; 3];
    let mut n = 0f64;
    for y in (gy0..gy1).step_by(2) {
        for x in (gx0..gx1).step_by(2) {
            let p = background.get_pixel(x as u32, y as u32);
            for c in 0..3 {
                bg[c] += f64::from(p[c]);
            }
            n += 1.0;
        }
    }
    let mut fg = [0f64; 3];
    let mut wsum = 0f64;
    for p in product.pixels().filter(|p| p[3] > 128) {
        for c in 0..3 {
            fg[c] += f64::from(p[c]);
        }
        wsum += 1.0;
    }
    if n == 0.0 || wsum == 0.0 {
        return;
    }
    let bg = bg.map(|v| (v / n) as f32 + 1.0);
    let fg = fg.map(|v| (v / wsum) as f32 + 1.0);
    let luma = |c: [f32; 3]| 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
    let (lb, lf) = (luma(bg), luma(fg));
    // Brightness: a gentle pull (at most ±12 %), so a white product on a
    // dark studio is dimmed a little, not turned grey.
    let gain = (lb / lf).powf(0.12 * strength).clamp(0.88, 1.12);
    // Colour temperature: the background's chromaticity, partially.
    let tint = [0, 1, 2].map(|c| 1.0 + 0.15 * strength * ((bg[c] / lb) - 1.0).clamp(-0.5, 0.5));
    let k = tint.map(|t| t * gain);
    for p in product.pixels_mut() {
        for c in 0..3 {
            p[c] = (f32::from(p[c]) * k[c]).round().clamp(0.0, 255.0) as u8;
        }
    }
}

/// Darkness (0..1) around the product: a contact shadow where the product
/// meets the ground and a cast shadow (the silhouette laid on the floor
/// away from the light), both soft. Only the region the shadows can reach
/// is computed; it is returned with its top-left corner on the canvas.
fn shadow_plane(
    product: &RgbaImage,
    canvas: (u32, u32),
    rect: (i64, i64, u32, u32),
    s: &Shadow,
) -> (Plane, usize, usize) {
    let (cw, ch) = (i64::from(canvas.0), i64::from(canvas.1));
    let (x0, y0, tw, th) = rect;
    let ground = y0 + i64::from(th);
    let alpha_at = |x: u32, y: u32| f32::from(product.get_pixel(x, y)[3]) / 255.0;
    let len = if s.length > 0.0 && s.opacity > 0.0 { (th as f32 * s.length).max(1.0) } else { 0.0 };
    let shear = -s.light_x * 1.4;
    let cast_r = ((th as f32) * 0.02 + 2.0) as usize;
    let contact_r = ((th as f32) * 0.008 + 1.0) as usize;
    let ry = (th as f32 * 0.03).max(2.0);

    // The region the shadows can reach (blur spreads 3 passes × radius).
    let spread = 3 * cast_r.max(contact_r) as i64 + 2;
    let reach_x = (shear.abs() * len) as i64 + i64::from(tw) / 8 + spread;
    let rx0 = (x0 - reach_x).clamp(0, cw);
    let rx1 = (x0 + i64::from(tw) + reach_x).clamp(rx0, cw);
    let ry0 = (ground - len as i64 - spread).clamp(0, ch);
    let ry1 = (ground + 2 * ry as i64 + spread).clamp(ry0, ch);
    let (w, h) = ((rx1 - rx0) as usize, (ry1 - ry0) as usize);
    let mut cast = Plane::new(w, h);
    if w == 0 || h == 0 {
        return (cast, rx0 as usize, ry0 as usize);
    }

    // Footprint: columns whose lowest opaque pixel is near the base.
    let near = (th / 25).max(2);
    let mut foot: Option<(u32, u32)> = None;
    for x in 0..tw {
        let touches = (th.saturating_sub(near)..th).any(|y| alpha_at(x, y) > 0.5);
        if touches {
            foot = Some(foot.map_or((x, x), |(a, _)| (a, x)));
        }
    }
    let (fx0, fx1) = foot.unwrap_or((tw / 4, tw * 3 / 4));

    // Cast shadow: the silhouette squashed onto the floor behind the
    // product and sheared away from the light.
    if len > 0.0 {
        for dy in 0..len as i64 {
            let y = ground - 1 - dy;
            if y < ry0 || y >= ry1 {
                continue;
            }
            let t = dy as f32 / len;
            let src_y = (th as f32 - 1.0 - t * th as f32).max(0.0) as u32;
            let fade = (1.0 - t).powf(1.5) * s.opacity;
            let shift = (shear * dy as f32) as i64;
            let row = (y - ry0) as usize * w;
            for lx in 0..tw {
                let a = alpha_at(lx, src_y);
                if a <= 0.0 {
                    continue;
                }
                let x = x0 + i64::from(lx) + shift;
                if x >= rx0 && x < rx1 {
                    let i = row + (x - rx0) as usize;
                    cast.v[i] = cast.v[i].max(a * fade);
                }
            }
        }
        cast = cast.blurred(cast_r, 3);
    }

    // Contact shadow: a flat ellipse under the footprint, tight and dark.
    let mut contact = Plane::new(w, h);
    if s.contact > 0.0 {
        let cx = (x0 - rx0) as f32 + (fx0 + fx1) as f32 / 2.0;
        let rx = ((fx1 - fx0) as f32 / 2.0 + th as f32 * 0.02).max(2.0);
        let gy = (ground - ry0) as f32;
        let ys = ((gy - 2.0 * ry).max(0.0) as usize)..((gy + 2.0 * ry).min(h as f32).max(0.0) as usize);
        let xs = ((cx - 1.2 * rx).max(0.0) as usize)..((cx + 1.2 * rx).min(w as f32).max(0.0) as usize);
        for y in ys {
            for x in xs.clone() {
                let (dx, dy) = ((x as f32 - cx) / rx, (y as f32 - gy) / ry);
                let d = dx * dx + dy * dy;
                if d < 1.0 {
                    contact.v[y * w + x] = s.contact * (1.0 - d).powf(0.7);
                }
            }
        }
        contact = contact.blurred(contact_r, 3);
    }
    for (c, k) in cast.v.iter_mut().zip(contact.v.iter()) {
        // Two shadows combine like two filters.
        *c = 1.0 - (1.0 - *c) * (1.0 - *k);
    }
    (cast, rx0 as usize, ry0 as usize)
}

/// A mirror image under the base, fading out over a third of the height.
fn reflect(out: &mut RgbImage, product: &RgbaImage, rect: (i64, i64, u32, u32), opacity: f32) {
    let (x0, y0, _, th) = rect;
    let depth = (th as f32 * 0.35).max(1.0);
    let flipped = image::imageops::flip_vertical(product);
    let top = y0 + i64::from(th);
    blend(out, &flipped, x0, top, |_, ly, a| {
        let t = ly as f32 / depth;
        if t >= 1.0 {
            0.0
        } else {
            a * opacity * (1.0 - t).powf(2.0)
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, Rgba};

    /// A 40×80 opaque red block in a 60×100 transparent cutout.
    fn block() -> RgbaImage {
        RgbaImage::from_fn(60, 100, |x, y| {
            if (10..50).contains(&x) && (10..90).contains(&y) {
                Rgba([200, 20, 20, 255])
            } else {
                Rgba([200, 20, 20, 0])
            }
        })
    }

    fn grey_bg() -> RgbImage {
        RgbImage::from_pixel(400, 300, Rgb([200, 200, 200]))
    }

    #[test]
    fn product_is_scaled_and_stands_on_the_ground() {
        let p = Placement { centre_x: 0.5, ground_y: 0.8, size: 0.5 };
        let (x0, y0, tw, th) = product_rect(&block(), (400, 300), &p).unwrap();
        assert_eq!((tw, th), (75, 150)); // height-limited: 0.5 × 300
        assert_eq!(y0 + i64::from(th), 240);
        assert_eq!(x0, 163); // 200 - 37.5, rounded
        let out =
            place_product(&block(), &grey_bg(), &p, &Effects { shadow: None, reflection: None, light_match: 0.0 });
        assert_eq!(out.get_pixel(200, 200).0, [200, 20, 20]);
        assert_eq!(out.get_pixel(20, 20).0, [200, 200, 200]);
    }

    #[test]
    fn shadow_darkens_under_the_base_and_not_far_away() {
        let p = Placement { centre_x: 0.5, ground_y: 0.8, size: 0.5 };
        let out = place_product(&block(), &grey_bg(), &p, &Effects::default());
        let under = out.get_pixel(200, 242)[0];
        assert!(under < 170, "contact shadow under the base: {under}");
        assert_eq!(out.get_pixel(5, 5)[0], 200);
        // The cast shadow falls away from a light on the left: to the right.
        let right = out.get_pixel(250, 225)[0];
        let left = out.get_pixel(150, 225)[0];
        assert!(right < left, "right {right} left {left}");
    }

    #[test]
    fn reflection_mirrors_below() {
        let p = Placement { centre_x: 0.5, ground_y: 0.6, size: 0.4 };
        let fx = Effects { shadow: None, reflection: Some(0.4), light_match: 0.0 };
        let out = place_product(&block(), &grey_bg(), &p, &fx);
        let just_below = out.get_pixel(200, 184);
        assert!(just_below[0] > just_below[1] + 20, "reddish reflection {just_below:?}");
    }

    #[test]
    fn empty_cutout_leaves_background() {
        let empty = RgbaImage::new(10, 10);
        let out = place_product(
            &empty,
            &grey_bg(),
            &Placement { centre_x: 0.5, ground_y: 0.5, size: 0.5 },
            &Effects::default(),
        );
        assert_eq!(out, grey_bg());
    }

    #[test]
    fn light_matching_pulls_towards_a_warm_background() {
        let p = Placement { centre_x: 0.5, ground_y: 0.8, size: 0.5 };
        let grey = RgbaImage::from_pixel(20, 20, Rgba([128, 128, 128, 255]));
        let warm = RgbImage::from_pixel(200, 200, Rgb([240, 200, 150]));
        let fx = Effects { shadow: None, reflection: None, light_match: 1.0 };
        let out = place_product(&grey, &warm, &p, &fx);
        let c = out.get_pixel(100, 120);
        assert!(c[0] > c[2] + 5, "warmer product {c:?}");
    }
}
