//! Drawing each kind of layer onto its own surface: the layer's box plus a
//! margin for its shadow, in the box's own (unrotated) coordinates.

use image::{imageops, RgbaImage};
use qrcode::{Color as QrColor, EcLevel, QrCode};
use tiny_skia::{
    FillRule, FilterQuality, Paint as SkPaint, Pattern, Pixmap, Rect, Shader, SpreadMode, Stroke, Transform,
};

use super::fonts::FontState;
use super::paint::ToSkia;
use super::paint::{rounded_rect, shader, shape_path};
use super::raster::{add_shadow, blit_over, dilate, fill_through, new_pixmap, pixmap_from_image, shadow_margin};
use super::text::TextLayout;
use pixmart_poster_template::PosterError;
use pixmart_poster_template::{Anchor, Fit, ImageLayer, QrLayer, ShapeLayer, TextLayer};

/// A layer drawn on its own: its pixels and the margin around its box.
pub(crate) struct Surface {
    pub pixmap: Pixmap,
    pub margin: u32,
}

fn surface_for(w: f32, h: f32, margin: u32) -> Result<Surface, PosterError> {
    let pixmap = new_pixmap(w.ceil() as u32 + 2 * margin, h.ceil() as u32 + 2 * margin)?;
    Ok(Surface { pixmap, margin })
}

/// Scales `img` to `w × h` with premultiplied alpha (no dark fringes).
fn resized(img: &RgbaImage, w: u32, h: u32) -> RgbaImage {
    let mut pre = img.clone();
    super::raster::premultiply(&mut pre);
    let mut out = if (w, h) == img.dimensions() {
        pre
    } else {
        imageops::resize(&pre, w.max(1), h.max(1), imageops::FilterType::CatmullRom)
    };
    // Resampling may overshoot: keep colour ≤ alpha, then back to straight alpha.
    for px in out.pixels_mut() {
        let a = px[3];
        for c in 0..3 {
            px[c] = px[c].min(a);
        }
    }
    let pixmap_like: Vec<u8> = out.into_raw();
    let mut straight = pixmap_like;
    for px in straight.chunks_exact_mut(4) {
        let a = u16::from(px[3]);
        if a == 0 {
            px[..3].fill(0);
        } else if a < 255 {
            for c in &mut px[..3] {
                *c = ((u16::from(*c) * 255 + a / 2) / a).min(255) as u8;
            }
        }
    }
    RgbaImage::from_raw(w.max(1), h.max(1), straight).unwrap_or_default()
}

/// An image slot: the picture fitted into the box, rounded, with its shadow.
pub(crate) fn image(layer: &ImageLayer, picture: &RgbaImage) -> Result<Surface, PosterError> {
    let b = &layer.r#box;
    let mut s = surface_for(b.w, b.h, shadow_margin(layer.shadow.as_ref()))?;
    let m = s.margin as f32;
    let (iw, ih) = (picture.width().max(1) as f32, picture.height().max(1) as f32);
    let scale = match layer.fit {
        Fit::Contain => (b.w / iw).min(b.h / ih),
        Fit::Cover => (b.w / iw).max(b.h / ih),
    };
    let (tw, th) = ((iw * scale).round().max(1.0), (ih * scale).round().max(1.0));
    let fitted = pixmap_from_image(&resized(picture, tw as u32, th as u32))?;
    let dx = ((b.w - tw) / 2.0).round();
    let dy = match (layer.fit, layer.anchor) {
        (Fit::Contain, Anchor::Top) => 0.0,
        (Fit::Contain, Anchor::Bottom) => (b.h - th).round(),
        _ => ((b.h - th) / 2.0).round(),
    };
    // The drawn area: the picture (contain) or the box (cover), rounded.
    let (ax, ay, aw, ah) = match layer.fit {
        Fit::Contain => (dx, dy, tw, th),
        Fit::Cover => (0.0, 0.0, b.w.ceil(), b.h.ceil()),
    };
    if layer.corner_radius <= 0.0 {
        // Square corners: an exact copy of the fitted picture, cropped to the box.
        let mut clipped = new_pixmap(aw as u32, ah as u32)?;
        blit_over(&mut clipped, &fitted, (dx - ax) as i32, (dy - ay) as i32, 1.0);
        blit_over(&mut s.pixmap, &clipped, (m + ax) as i32, (m + ay) as i32, 1.0);
        if let Some(shadow) = &layer.shadow {
            add_shadow(&mut s.pixmap, shadow)?;
        }
        return Ok(s);
    }
    let path = rounded_rect(m + ax, m + ay, aw, ah, layer.corner_radius)
        .ok_or_else(|| PosterError::internal("empty image area"))?;
    let paint = SkPaint {
        shader: Pattern::new(
            fitted.as_ref(),
            SpreadMode::Pad,
            FilterQuality::Nearest,
            1.0,
            Transform::from_translate(m + dx, m + dy),
        ),
        anti_alias: true,
        ..SkPaint::default()
    };
    s.pixmap.fill_path(&path, &paint, FillRule::Winding, Transform::identity(), None);
    if let Some(shadow) = &layer.shadow {
        add_shadow(&mut s.pixmap, shadow)?;
    }
    Ok(s)
}

/// A shape: filled and stroked inside its box.
pub(crate) fn shape(layer: &ShapeLayer) -> Result<Surface, PosterError> {
    let b = &layer.r#box;
    let mut s = surface_for(b.w, b.h, shadow_margin(layer.shadow.as_ref()))?;
    let m = s.margin as f32;
    let sw = layer.stroke.map_or(0.0, |st| st.width);
    // The stroke stays inside the box: the path is inset by half its width.
    let inset = sw / 2.0;
    let path = shape_path(layer.shape, m + inset, m + inset, b.w - sw, b.h - sw, (layer.radius - inset).max(0.0));
    if let Some(path) = path {
        if let Some(fill) = &layer.fill {
            if let Some(sh) = shader(fill, m, m, b.w, b.h) {
                let paint = SkPaint { shader: sh, anti_alias: true, ..SkPaint::default() };
                s.pixmap.fill_path(&path, &paint, FillRule::Winding, Transform::identity(), None);
            }
        }
        if let Some(st) = layer.stroke.filter(|st| st.width > 0.0) {
            let paint =
                SkPaint { shader: Shader::SolidColor(st.color.to_skia()), anti_alias: true, ..SkPaint::default() };
            let stroke = Stroke { width: st.width, ..Stroke::default() };
            s.pixmap.stroke_path(&path, &paint, &stroke, Transform::identity(), None);
        }
    }
    if let Some(shadow) = &layer.shadow {
        add_shadow(&mut s.pixmap, shadow)?;
    }
    Ok(s)
}

/// A plain QR code (level M), square and centred in its box, with whole-pixel
/// modules where the box allows.
pub(crate) fn qr(layer: &QrLayer, content: &str) -> Result<Surface, PosterError> {
    let b = &layer.r#box;
    let mut s = surface_for(b.w, b.h, 0)?;
    if content.is_empty() {
        return Ok(s);
    }
    let code = QrCode::with_error_correction_level(content.as_bytes(), EcLevel::M)
        .map_err(|e| PosterError::QrContent { id: layer.id.clone(), message: e.to_string() })?;
    let n = code.width();
    let q = layer.quiet_zone as usize;
    let side = b.w.min(b.h);
    let cells = (n + 2 * q) as f32;
    let module = if side / cells >= 1.0 { (side / cells).floor() } else { side / cells };
    let total = module * cells;
    let (ox, oy) = (((b.w - total) / 2.0).round(), ((b.h - total) / 2.0).round());
    let bg = SkPaint { shader: Shader::SolidColor(layer.background.to_skia()), ..SkPaint::default() };
    if let Some(r) = Rect::from_xywh(ox, oy, total, total) {
        s.pixmap.fill_rect(r, &bg, Transform::identity(), None);
    }
    let fg = SkPaint { shader: Shader::SolidColor(layer.color.to_skia()), ..SkPaint::default() };
    let colors = code.to_colors();
    for row in 0..n {
        let mut col = 0;
        while col < n {
            if colors.get(row * n + col) != Some(&QrColor::Dark) {
                col += 1;
                continue;
            }
            let start = col;
            while colors.get(row * n + col) == Some(&QrColor::Dark) && col < n {
                col += 1;
            }
            let x = ox + (start + q) as f32 * module;
            let y = oy + (row + q) as f32 * module;
            if let Some(r) = Rect::from_xywh(x, y, (col - start) as f32 * module, module) {
                s.pixmap.fill_rect(r, &fg, Transform::identity(), None);
            }
        }
    }
    Ok(s)
}

/// A text slot from its layout: shadow, stroke, fill, then colour glyphs.
/// Nothing is drawn outside the box (plus the shadow's margin).
pub(crate) fn text(state: &mut FontState, layer: &TextLayer, layout: &TextLayout) -> Result<Surface, PosterError> {
    let b = &layer.r#box;
    let mut s = surface_for(b.w, b.h, shadow_margin(layer.shadow.as_ref()))?;
    let (sw, sh) = (s.pixmap.width() as usize, s.pixmap.height() as usize);
    let m = s.margin as i32;
    let (bw, bh) = (b.w.ceil() as i32, b.h.ceil() as i32);
    let mut coverage = vec![0u8; sw * sh];
    let mut colour: Option<Pixmap> = None;
    for g in &layout.glyphs {
        let Some(img) = state.cache.get_image(&mut state.system, g.key) else { continue };
        let p = img.placement;
        let (x0, y0) = (g.x + p.left, g.y - p.top);
        let is_colour = matches!(img.content, cosmic_text::SwashContent::Color);
        if is_colour && colour.is_none() {
            colour = Some(new_pixmap(sw as u32, sh as u32)?);
        }
        for j in 0..p.height as i32 {
            let y = y0 + j;
            if y < 0 || y >= bh {
                continue;
            }
            for i in 0..p.width as i32 {
                let x = x0 + i;
                if x < 0 || x >= bw {
                    continue;
                }
                let at = ((y + m) as usize) * sw + (x + m) as usize;
                let k = (j * p.width as i32 + i) as usize;
                match img.content {
                    cosmic_text::SwashContent::Mask => {
                        let a = u32::from(img.data.get(k).copied().unwrap_or(0));
                        let c = u32::from(coverage[at]);
                        coverage[at] = (c + a * (255 - c) / 255) as u8;
                    }
                    cosmic_text::SwashContent::Color => {
                        if let (Some(px), Some(dst)) = (img.data.get(k * 4..k * 4 + 4), colour.as_mut()) {
                            blend_straight(&mut dst.data_mut()[at * 4..at * 4 + 4], px);
                        }
                    }
                    cosmic_text::SwashContent::SubpixelMask => {
                        let a = u32::from(img.data.get(k * 4 + 3).copied().unwrap_or(0));
                        let c = u32::from(coverage[at]);
                        coverage[at] = (c + a * (255 - c) / 255) as u8;
                    }
                }
            }
        }
    }
    if let Some(st) = layer.stroke.filter(|st| st.width > 0.0) {
        fill_through(&mut s.pixmap, dilate(&coverage, sw, sh, st.width), st.color)?;
    }
    fill_through(&mut s.pixmap, coverage, layer.color)?;
    if let Some(c) = &colour {
        blit_over(&mut s.pixmap, c, 0, 0, 1.0);
    }
    if let Some(shadow) = &layer.shadow {
        add_shadow(&mut s.pixmap, shadow)?;
    }
    Ok(s)
}

/// Source-over of one straight-alpha pixel onto a premultiplied one.
fn blend_straight(dst: &mut [u8], src: &[u8]) {
    let a = u32::from(src[3]);
    if a == 0 {
        return;
    }
    for c in 0..3 {
        let s = u32::from(src[c]) * a / 255;
        dst[c] = (s + u32::from(dst[c]) * (255 - a) / 255).min(255) as u8;
    }
    dst[3] = (a + u32::from(dst[3]) * (255 - a) / 255).min(255) as u8;
}
