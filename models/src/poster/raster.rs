//! Pixel helpers on tiny-skia pixmaps: conversion from and to `image`,
//! blur and dilation of alpha masks, tinting, drop shadows and placing a
//! layer's surface on the canvas.

use image::RgbaImage;
use tiny_skia::{FilterQuality, IntSize, Mask, Paint as SkPaint, Pixmap, PixmapPaint, Rect, Shader, Transform};

use super::color::Rgba;
use super::error::PosterError;
use super::template::{BoxSpec, Shadow};

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
    out.draw_pixmap(ox, oy, shade.as_ref(), &PixmapPaint::default(), Transform::identity(), None);
    out.draw_pixmap(0, 0, surface.as_ref(), &PixmapPaint::default(), Transform::identity(), None);
    *surface = out;
    Ok(())
}

/// Places a layer's surface (its box plus `margin` on every side) on the
/// canvas, rotated about the box's centre.
pub(crate) fn composite(canvas: &mut Pixmap, surface: &Pixmap, b: &BoxSpec, margin: u32, opacity: f32) {
    let m = margin as f32;
    let rotated = b.rotation.rem_euclid(360.0) != 0.0;
    let (x, y) = if rotated { (b.x, b.y) } else { (b.x.round(), b.y.round()) };
    let translate = Transform::from_translate(x - m, y - m);
    let transform = if rotated {
        Transform::from_rotate_at(b.rotation, b.x + b.w / 2.0, b.y + b.h / 2.0).pre_concat(translate)
    } else {
        translate
    };
    let paint = PixmapPaint {
        opacity: opacity.clamp(0.0, 1.0),
        quality: if rotated { FilterQuality::Bicubic } else { FilterQuality::Nearest },
        ..PixmapPaint::default()
    };
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
