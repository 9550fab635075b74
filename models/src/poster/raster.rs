//! Pixel helpers on tiny-skia pixmaps: conversion from and to `image`,
//! blur and dilation of alpha masks, tinting, drop shadows and placing a
//! layer's surface on the canvas.

use image::RgbaImage;
use tiny_skia::{FilterQuality, IntSize, Mask, Paint as SkPaint, Pixmap, PixmapPaint, Rect, Shader, Transform};

use super::paint::ToSkia;
use pixmart_poster_template::PosterError;
use pixmart_poster_template::Rgba;
use pixmart_poster_template::{BoxSpec, Shadow};

pub(crate) fn new_pixmap(w: u32, h: u32) -> Result<Pixmap, PosterError> {
    Pixmap::new(w.max(1), h.max(1)).ok_or_else(|| PosterError::internal(format!("cannot make a {w}×{h} surface")))
}

/// A straight-alpha image as a premultiplied pixmap.
pub(crate) fn pixmap_from_image(img: &RgbaImage) -> Result<Pixmap, PosterError> {
    let mut data = img.as_raw().clone();
    premultiply(&mut data);
    let size = IntSize::from_wh(img.width().max(1), img.height().max(1))
        .ok_or_else(|| PosterError::internal("empty image"))?;
    Pixmap::from_vec(data, size).ok_or_else(|| PosterError::internal("image size does not match its data"))
}

/// Premultiplies RGBA bytes in place.
pub(crate) fn premultiply(data: &mut [u8]) {
    for px in data.chunks_exact_mut(4) {
        let a = u16::from(px[3]);
        for c in &mut px[..3] {
            *c = ((u16::from(*c) * a + 127) / 255) as u8;
        }
    }
}

/// A premultiplied pixmap as a straight-alpha image.
pub(crate) fn image_from_pixmap(pixmap: &Pixmap) -> RgbaImage {
    let mut data = pixmap.data().to_vec();
    for px in data.chunks_exact_mut(4) {
        let a = u16::from(px[3]);
        if a == 0 {
            px[..3].fill(0);
        } else if a < 255 {
            for c in &mut px[..3] {
                *c = ((u16::from(*c) * 255 + a / 2) / a).min(255) as u8;
            }
        }
    }
    RgbaImage::from_raw(pixmap.width(), pixmap.height(), data).unwrap_or_default()
}

/// Blurs an alpha mask with three box passes (close to a Gaussian whose
/// extent is about `radius`).
pub(crate) fn blur(mask: &[u8], w: usize, h: usize, radius: f32) -> Vec<u8> {
    let r = (radius / 2.0).round() as usize;
    if r == 0 || w == 0 || h == 0 {
        return mask.to_vec();
    }
    let mut a: Vec<u32> = mask.iter().map(|&v| u32::from(v)).collect();
    let mut tmp = vec![0u32; a.len()];
    for _ in 0..3 {
        box_pass(&a, &mut tmp, w, h, r, true);
        box_pass(&tmp, &mut a, w, h, r, false);
    }
    a.iter().map(|&v| v.min(255) as u8).collect()
}

/// One running-sum box filter along rows (`horizontal`) or columns; outside
/// the mask counts as transparent.
fn box_pass(src: &[u32], dst: &mut [u32], w: usize, h: usize, r: usize, horizontal: bool) {
    let (len, lines) = if horizontal { (w, h) } else { (h, w) };
    let idx = |line: usize, i: usize| if horizontal { line * w + i } else { i * w + line };
    let div = (2 * r + 1) as u32;
    for line in 0..lines {
        let mut sum: u32 = (0..=r.min(len - 1)).map(|i| src[idx(line, i)]).sum();
        for i in 0..len {
            dst[idx(line, i)] = (sum + div / 2) / div;
            if i + r + 1 < len {
                sum += src[idx(line, i + r + 1)];
            }
            if i >= r {
                sum -= src[idx(line, i - r)];
            }
        }
    }
}

/// Grows a coverage mask by a disc of `radius` pixels (an outline's shape).
pub(crate) fn dilate(mask: &[u8], w: usize, h: usize, radius: f32) -> Vec<u8> {
    if radius <= 0.0 {
        return mask.to_vec();
    }
    let r = radius.ceil() as i64;
    // Offsets inside the disc, with the coverage of their edge pixel.
    let mut offsets = Vec::new();
    for dy in -r..=r {
        for dx in -r..=r {
            let d = ((dx * dx + dy * dy) as f32).sqrt();
            let cover = (radius + 0.5 - d).clamp(0.0, 1.0);
            if cover > 0.0 {
                offsets.push((dx, dy, (cover * 256.0) as u32));
            }
        }
    }
    let mut out = vec![0u8; mask.len()];
    let (wi, hi) = (w as i64, h as i64);
    for y in 0..hi {
        for x in 0..wi {
            let v = u32::from(mask[(y * wi + x) as usize]);
            if v == 0 {
                continue;
            }
            for &(dx, dy, cover) in &offsets {
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx >= wi || ny >= hi {
                    continue;
                }
                let o = &mut out[(ny * wi + nx) as usize];
                let c = ((v * cover) >> 8) as u8;
                if c > *o {
                    *o = c;
                }
            }
        }
    }
    out
}

/// The alpha channel of a pixmap.
pub(crate) fn alpha_of(pixmap: &Pixmap) -> Vec<u8> {
    pixmap.data().chunks_exact(4).map(|p| p[3]).collect()
}

/// Paints `color` through a coverage mask of the pixmap's size.
pub(crate) fn fill_through(pixmap: &mut Pixmap, coverage: Vec<u8>, color: Rgba) -> Result<(), PosterError> {
    let size = IntSize::from_wh(pixmap.width(), pixmap.height()).ok_or_else(|| PosterError::internal("empty"))?;
    let mask = Mask::from_vec(coverage, size).ok_or_else(|| PosterError::internal("mask size"))?;
    let rect = Rect::from_xywh(0.0, 0.0, pixmap.width() as f32, pixmap.height() as f32)
        .ok_or_else(|| PosterError::internal("empty rect"))?;
    let paint = SkPaint { shader: Shader::SolidColor(color.to_skia()), anti_alias: false, ..SkPaint::default() };
    pixmap.fill_rect(rect, &paint, Transform::identity(), Some(&mask));
    Ok(())
}

/// Source-over of `src` onto `dst` at the integer offset `(x, y)`, scaled
/// by `opacity` (both premultiplied): an exact, fast copy for layers that
/// are not rotated.
pub(crate) fn blit_over(dst: &mut Pixmap, src: &Pixmap, x: i32, y: i32, opacity: f32) {
    let (dw, dh) = (dst.width() as i32, dst.height() as i32);
    let (sw, sh) = (src.width() as i32, src.height() as i32);
    let (x0, x1) = (x.max(0), (x + sw).min(dw));
    let (y0, y1) = (y.max(0), (y + sh).min(dh));
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let op = (opacity.clamp(0.0, 1.0) * 255.0).round() as u32;
    let src_data = src.data();
    let dst_data = dst.data_mut();
    for row in y0..y1 {
        let s_start = (((row - y) * sw + (x0 - x)) * 4) as usize;
        let d_start = ((row * dw + x0) * 4) as usize;
        let n = ((x1 - x0) * 4) as usize;
        let (s_row, d_row) = (&src_data[s_start..s_start + n], &mut dst_data[d_start..d_start + n]);
        for (s, d) in s_row.chunks_exact(4).zip(d_row.chunks_exact_mut(4)) {
            let sa = u32::from(s[3]) * op;
            if sa == 0 {
                continue;
            }
            if sa == 255 * 255 {
                d.copy_from_slice(s);
                continue;
            }
            // result = src·op + dst·(1 − src_alpha·op), all /255 with rounding.
            let inv = 255 * 255 - sa;
            for c in 0..4 {
                let v = u32::from(s[c]) * op * 255 + u32::from(d[c]) * inv;
                d[c] = ((v + 255 * 255 / 2) / (255 * 255)).min(255) as u8;
            }
        }
    }
}

/// How far a shadow reaches beyond its layer, in pixels.
pub(crate) fn shadow_margin(shadow: Option<&Shadow>) -> u32 {
    shadow.map_or(0, |s| (1.5 * s.blur + s.offset_x.abs().max(s.offset_y.abs())).ceil() as u32 + 2)
}

/// Draws a drop shadow of the surface's own alpha under it.
pub(crate) fn add_shadow(surface: &mut Pixmap, shadow: &Shadow) -> Result<(), PosterError> {
    let (w, h) = (surface.width() as usize, surface.height() as usize);
    let alpha = blur(&alpha_of(surface), w, h, shadow.blur);
    let mut shade = new_pixmap(w as u32, h as u32)?;
    fill_through(&mut shade, alpha, shadow.color)?;
    let mut out = new_pixmap(w as u32, h as u32)?;
    let (ox, oy) = (shadow.offset_x.round() as i32, shadow.offset_y.round() as i32);
    blit_over(&mut out, &shade, ox, oy, 1.0);
    blit_over(&mut out, surface, 0, 0, 1.0);
    *surface = out;
    Ok(())
}

/// Places a layer's surface (its box plus `margin` on every side) on the
/// canvas, rotated about the box's centre.
pub(crate) fn composite(canvas: &mut Pixmap, surface: &Pixmap, b: &BoxSpec, margin: u32, opacity: f32) {
    let m = margin as f32;
    if b.rotation.rem_euclid(360.0) == 0.0 {
        let (x, y) = ((b.x.round() - m) as i32, (b.y.round() - m) as i32);
        blit_over(canvas, surface, x, y, opacity);
        return;
    }
    let translate = Transform::from_translate(b.x - m, b.y - m);
    let transform = Transform::from_rotate_at(b.rotation, b.x + b.w / 2.0, b.y + b.h / 2.0).pre_concat(translate);
    let paint =
        PixmapPaint { opacity: opacity.clamp(0.0, 1.0), quality: FilterQuality::Bicubic, ..PixmapPaint::default() };
    canvas.draw_pixmap(0, 0, surface.as_ref(), &paint, transform, None);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn premultiply_round_trips_opaque_and_clears_transparent() {
        let img = RgbaImage::from_raw(2, 1, vec![200, 100, 50, 255, 9, 9, 9, 0]).unwrap();
        let back = image_from_pixmap(&pixmap_from_image(&img).unwrap());
        assert_eq!(back.as_raw(), &vec![200, 100, 50, 255, 0, 0, 0, 0]);
    }

    #[test]
    fn blit_is_source_over() {
        let mut dst = new_pixmap(2, 1).unwrap();
        dst.fill(tiny_skia::Color::from_rgba8(0, 0, 255, 255));
        let mut src = new_pixmap(1, 1).unwrap();
        src.fill(tiny_skia::Color::from_rgba8(255, 0, 0, 128));
        blit_over(&mut dst, &src, 1, 0, 1.0);
        let d = dst.data();
        assert_eq!(&d[..4], &[0, 0, 255, 255]);
        assert_eq!(d[7], 255);
        assert!((i32::from(d[4]) - 128).abs() <= 1 && (i32::from(d[6]) - 127).abs() <= 1, "{d:?}");
    }

    #[test]
    fn blur_spreads_and_keeps_mass_roughly() {
        let mut m = vec![0u8; 21 * 21];
        m[10 * 21 + 10] = 255;
        let b = blur(&m, 21, 21, 4.0);
        assert!(b[10 * 21 + 10] < 255 && b[10 * 21 + 12] > 0);
    }

    #[test]
    fn dilate_grows_a_dot_into_a_disc() {
        let mut m = vec![0u8; 11 * 11];
        m[5 * 11 + 5] = 255;
        let d = dilate(&m, 11, 11, 3.0);
        assert_eq!(d[5 * 11 + 7], 255);
        assert!(d[5 * 11 + 8] > 100);
        assert_eq!(d[5 * 11 + 10], 0);
    }
}
