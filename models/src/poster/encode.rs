//! Output files: PNG and JPEG at full resolution, a small WebP preview.

use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::codecs::webp::WebPEncoder;
use image::{imageops, DynamicImage, ExtendedColorType, ImageEncoder, RgbaImage};

use pixmart_poster_template::PosterError;

fn err(format: &'static str) -> impl Fn(image::ImageError) -> PosterError {
    move |e| PosterError::Encode { format, message: e.to_string() }
}

/// Lossless PNG with alpha.
pub fn encode_png(img: &RgbaImage) -> Result<Vec<u8>, PosterError> {
    let mut out = Vec::new();
    PngEncoder::new(&mut out)
        .write_image(img.as_raw(), img.width(), img.height(), ExtendedColorType::Rgba8)
        .map_err(err("PNG"))?;
    Ok(out)
}

/// JPEG (`quality` 1..=100) over a white background.
pub fn encode_jpeg(img: &RgbaImage, quality: u8) -> Result<Vec<u8>, PosterError> {
    let mut flat = RgbaImage::from_pixel(img.width(), img.height(), image::Rgba([255, 255, 255, 255]));
    imageops::overlay(&mut flat, img, 0, 0);
    let rgb = DynamicImage::ImageRgba8(flat).into_rgb8();
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(Cursor::new(&mut out), quality.clamp(1, 100))
        .write_image(rgb.as_raw(), rgb.width(), rgb.height(), ExtendedColorType::Rgb8)
        .map_err(err("JPEG"))?;
    Ok(out)
}

/// A WebP preview whose longer side is at most `max_side` pixels (lossless:
/// the encoder `image` ships).
pub fn encode_webp_preview(img: &RgbaImage, max_side: u32) -> Result<Vec<u8>, PosterError> {
    let (w, h) = img.dimensions();
    let longest = w.max(h).max(1);
    let small = if longest > max_side {
        let s = max_side as f32 / longest as f32;
        imageops::resize(
            img,
            ((w as f32 * s).round() as u32).max(1),
            ((h as f32 * s).round() as u32).max(1),
            imageops::FilterType::Triangle,
        )
    } else {
        img.clone()
    };
    let mut out = Vec::new();
    WebPEncoder::new_lossless(&mut out)
        .write_image(small.as_raw(), small.width(), small.height(), ExtendedColorType::Rgba8)
        .map_err(err("WebP"))?;
    Ok(out)
}
