//! The answer's image, made from the cutout a worker stored (an RGBA PNG
//! whose alpha is the mask, at the original resolution): crop to the
//! subject, scale to the size's pixel budget, lay it on the background
//! colour, keep only the mask if asked, and encode it as PNG, JPEG or
//! remove.bg's zip. Pure image work, no model: the API does it.

use std::io::{Cursor, Write};

use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use image::{DynamicImage, GrayImage, ImageFormat, RgbImage, RgbaImage};

use super::options::{Channels, Format, Options, Rgba};

/// JPEG quality of `jpg` answers and the zip's `color.jpg`.
const JPEG_QUALITY: u8 = 90;

/// An encoded answer.
#[derive(Debug)]
pub struct Rendered {
    pub bytes: Vec<u8>,
    pub content_type: &'static str,
    pub width: u32,
    pub height: u32,
}

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("encoding failed: {0}")]
    Image(#[from] image::ImageError),
    #[error("zip failed: {0}")]
    Zip(#[from] zip::result::ZipError),
    #[error("zip write failed: {0}")]
    Io(#[from] std::io::Error),
}

pub fn render(cutout: RgbaImage, o: &Options) -> Result<Rendered, RenderError> {
    let cutout = if o.crop { crop_to_subject(cutout) } else { cutout };
    let cutout = match o.size.max_pixels() {
        Some(budget) => fit_pixels(cutout, budget),
        None => cutout,
    };
    let (width, height) = cutout.dimensions();
    if o.format == Format::Zip {
        let color = match o.bg_color {
            Some(bg) => drop_alpha(&over(&cutout, bg)),
            None => DynamicImage::ImageRgba8(cutout.clone()).to_rgb8(),
        };
        let bytes = zip_archive(&color, &alpha_of(&cutout))?;
        return Ok(Rendered { bytes, content_type: "application/zip", width, height });
    }
    let image = match o.channels {
        Channels::Alpha => DynamicImage::ImageLuma8(alpha_of(&cutout)),
        Channels::Rgba => DynamicImage::ImageRgba8(match o.bg_color {
            Some(bg) => over(&cutout, bg),
            None => cutout,
        }),
    };
    let transparent = matches!(&image, DynamicImage::ImageRgba8(img) if img.pixels().any(|p| p[3] < 255));
    let png = match o.format {
        Format::Png => true,
        Format::Jpg => false,
        Format::Auto | Format::Zip => transparent,
    };
    let (bytes, content_type) = if png {
        (encode(&image, ImageFormat::Png)?, "image/png")
    } else {
        // JPEG has no alpha: what is still transparent lies on white.
        let flat = match image {
            DynamicImage::ImageRgba8(img) => DynamicImage::ImageRgb8(drop_alpha(&over(&img, [255, 255, 255, 255]))),
            other => other,
        };
        (jpeg(&flat)?, "image/jpeg")
    };
    Ok(Rendered { bytes, content_type, width, height })
}

/// The smallest rectangle holding every pixel that is not fully
/// transparent; the whole image when there is none.
fn crop_to_subject(img: RgbaImage) -> RgbaImage {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for (x, y, p) in img.enumerate_pixels() {
        if p[3] > 0 {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
    }
    if x0 > x1 || y0 > y1 {
        return img;
    }
    image::imageops::crop_imm(&img, x0, y0, x1 - x0 + 1, y1 - y0 + 1).to_image()
}

/// Scaled down (never up) to at most `budget` pixels, keeping the ratio.
fn fit_pixels(img: RgbaImage, budget: u64) -> RgbaImage {
    let (w, h) = img.dimensions();
    let pixels = u64::from(w) * u64::from(h);
    if pixels <= budget {
        return img;
    }
    let scale = (budget as f64 / pixels as f64).sqrt();
    let nw = ((f64::from(w) * scale).floor() as u32).max(1);
    let nh = ((f64::from(h) * scale).floor() as u32).max(1);
    image::imageops::resize(&img, nw, nh, FilterType::Lanczos3)
}

/// The cutout laid on a background colour ("over" compositing).
fn over(fg: &RgbaImage, bg: Rgba) -> RgbaImage {
    let mut out = fg.clone();
    let bg_a = f32::from(bg[3]) / 255.0;
    for p in out.pixels_mut() {
        let a = f32::from(p[3]) / 255.0;
        let out_a = a + bg_a * (1.0 - a);
        for c in 0..3 {
            let v = if out_a > 0.0 { (f32::from(p[c]) * a + f32::from(bg[c]) * bg_a * (1.0 - a)) / out_a } else { 0.0 };
            p[c] = v.round().clamp(0.0, 255.0) as u8;
        }
        p[3] = (out_a * 255.0).round().clamp(0.0, 255.0) as u8;
    }
    out
}

fn alpha_of(img: &RgbaImage) -> GrayImage {
    GrayImage::from_fn(img.width(), img.height(), |x, y| image::Luma([img.get_pixel(x, y)[3]]))
}

fn drop_alpha(img: &RgbaImage) -> RgbImage {
    DynamicImage::ImageRgba8(img.clone()).to_rgb8()
}

fn encode(img: &DynamicImage, format: ImageFormat) -> Result<Vec<u8>, RenderError> {
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, format)?;
    Ok(out.into_inner())
}

/// `img` is RGB or greyscale (JPEG has no alpha).
fn jpeg(img: &DynamicImage) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::new();
    img.write_with_encoder(JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY))?;
    Ok(out)
}

/// remove.bg's zip: `color.jpg` and `alpha.png`, stored (both are
/// compressed already).
fn zip_archive(color: &RgbImage, alpha: &GrayImage) -> Result<Vec<u8>, RenderError> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let stored = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    zip.start_file("color.jpg", stored)?;
    zip.write_all(&jpeg(&DynamicImage::ImageRgb8(color.clone()))?)?;
    zip.start_file("alpha.png", stored)?;
    zip.write_all(&encode(&DynamicImage::ImageLuma8(alpha.clone()), ImageFormat::Png)?)?;
    Ok(zip.finish()?.into_inner())
}

#[cfg(test)]
mod tests {
    use super::super::options::{Foreground, Size};
    use super::*;

    /// 400×300, transparent but for an opaque red 100×50 block at (150, 100).
    fn cutout() -> RgbaImage {
        RgbaImage::from_fn(400, 300, |x, y| {
            let inside = (150..250).contains(&x) && (100..150).contains(&y);
            if inside {
                image::Rgba([255, 0, 0, 255])
            } else {
                image::Rgba([0, 0, 255, 0])
            }
        })
    }

    fn options() -> Options {
        Options {
            size: Size::Full,
            format: Format::Auto,
            channels: Channels::Rgba,
            bg_color: None,
            crop: false,
            foreground: Foreground::Auto,
        }
    }

    #[test]
    fn auto_is_png_while_transparent_and_jpeg_on_a_colour() {
        let r = render(cutout(), &options()).unwrap();
        assert_eq!((r.content_type, r.width, r.height), ("image/png", 400, 300));
        let png = image::load_from_memory(&r.bytes).unwrap().to_rgba8();
        assert_eq!(png.get_pixel(0, 0)[3], 0);
        let r = render(cutout(), &Options { bg_color: Some([0, 255, 0, 255]), ..options() }).unwrap();
        assert_eq!(r.content_type, "image/jpeg");
        let jpg = image::load_from_memory(&r.bytes).unwrap().to_rgb8();
        let corner = jpg.get_pixel(0, 0);
        assert!(corner[1] > 240 && corner[0] < 15, "green background, got {corner:?}");
    }

    #[test]
    fn crop_keeps_only_the_subject_and_size_bounds_the_pixels() {
        let r = render(cutout(), &Options { crop: true, ..options() }).unwrap();
        assert_eq!((r.width, r.height), (100, 50));
        let r = render(RgbaImage::new(2000, 1000), &Options { size: Size::Preview, ..options() }).unwrap();
        assert!(u64::from(r.width) * u64::from(r.height) <= 250_000);
        assert_eq!((r.width, r.height), (707, 353));
        let small = render(cutout(), &Options { size: Size::Hd, ..options() }).unwrap();
        assert_eq!((small.width, small.height), (400, 300), "never enlarged");
    }

    #[test]
    fn alpha_channel_is_the_mask() {
        let r = render(cutout(), &Options { channels: Channels::Alpha, format: Format::Png, ..options() }).unwrap();
        let mask = image::load_from_memory(&r.bytes).unwrap();
        assert_eq!(mask.color(), image::ColorType::L8);
        let mask = mask.to_luma8();
        assert_eq!((mask.get_pixel(0, 0)[0], mask.get_pixel(200, 120)[0]), (0, 255));
    }

    #[test]
    fn zip_holds_colour_and_alpha() {
        let r = render(cutout(), &Options { format: Format::Zip, ..options() }).unwrap();
        assert_eq!(r.content_type, "application/zip");
        let mut archive = zip::ZipArchive::new(Cursor::new(r.bytes)).unwrap();
        let mut names: Vec<String> = archive.file_names().map(|n| n.unwrap().into_owned()).collect();
        names.sort();
        assert_eq!(names, ["alpha.png", "color.jpg"]);
        let mut alpha = Vec::new();
        std::io::Read::read_to_end(&mut archive.by_name("alpha.png").unwrap(), &mut alpha).unwrap();
        let alpha = image::load_from_memory(&alpha).unwrap().to_luma8();
        assert_eq!((alpha.width(), alpha.get_pixel(200, 120)[0]), (400, 255));
    }
}
