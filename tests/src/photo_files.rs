//! One upright photo written the ways cameras and phones write it: turned
//! in storage with an EXIF orientation (JPEG APP1 or PNG eXIf), in another
//! colour space with its ICC profile (Display P3, Adobe RGB), as CMYK, at
//! 16 bits per channel, with GPS coordinates in its EXIF. Each file, read
//! correctly, shows the same picture as the upright sRGB original.

use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::imageops;
use image::{ExtendedColorType, ImageBuffer, ImageEncoder, Rgb, RgbImage};
use moxcms::{ColorProfile, Layout, TransformOptions};

/// An EXIF block (TIFF, little endian) with one Orientation entry.
pub fn exif_orientation(orientation: u16) -> Vec<u8> {
    let mut tiff = b"II*\0\x08\0\0\0\x01\0\x12\x01\x03\0\x01\0\0\0".to_vec();
    tiff.extend_from_slice(&orientation.to_le_bytes());
    tiff.extend_from_slice(&[0, 0, 0, 0, 0, 0]);
    tiff
}

/// An EXIF block with a GPS IFD placing the photo at 31.2304 N 121.4737 E
/// (the marker `GPS-LEAK-CANARY` sits in an ASCII entry so a leak is easy
/// to find in any output).
pub fn exif_with_gps() -> Vec<u8> {
    // IFD0 at 8: one entry, GPSInfo (0x8825, LONG) -> IFD at 26.
    let mut t = b"II*\0\x08\0\0\0".to_vec();
    t.extend_from_slice(&[1, 0, 0x25, 0x88, 4, 0, 1, 0, 0, 0, 26, 0, 0, 0, 0, 0, 0, 0]);
    // GPS IFD at 26: GPSLatitudeRef 'N', GPSProcessingMethod ASCII at 44.
    t.extend_from_slice(&[2, 0]);
    t.extend_from_slice(&[1, 0, 2, 0, 2, 0, 0, 0, b'N', 0, 0, 0]);
    t.extend_from_slice(&[0x1b, 0, 2, 0, 16, 0, 0, 0, 56, 0, 0, 0]);
    t.extend_from_slice(&[0, 0, 0, 0]);
    t.resize(56, 0);
    t.extend_from_slice(b"GPS-LEAK-CANARY\0");
    t
}

/// The stored pixels for `upright` under EXIF `orientation`: what a camera
/// writes so that applying the orientation shows `upright`.
pub fn stored_for(upright: &RgbImage, orientation: u16) -> RgbImage {
    match orientation {
        2 => imageops::flip_horizontal(upright),
        3 => imageops::rotate180(upright),
        4 => imageops::flip_vertical(upright),
        5 => imageops::flip_horizontal(&imageops::rotate90(upright)),
        6 => imageops::rotate270(upright),
        7 => imageops::flip_horizontal(&imageops::rotate270(upright)),
        8 => imageops::rotate90(upright),
        _ => upright.clone(),
    }
}

fn jpeg(img: &RgbImage, exif: Option<Vec<u8>>, icc: Option<Vec<u8>>) -> Vec<u8> {
    let mut out = Vec::new();
    let mut enc = JpegEncoder::new_with_quality(&mut out, 95);
    if let Some(e) = exif {
        enc.set_exif_metadata(e).unwrap();
    }
    if let Some(p) = icc {
        enc.set_icc_profile(p).unwrap();
    }
    enc.write_image(img.as_raw(), img.width(), img.height(), ExtendedColorType::Rgb8).unwrap();
    out
}

/// A JPEG of `upright` stored turned, with EXIF `orientation` (1–8).
pub fn jpeg_oriented(upright: &RgbImage, orientation: u16) -> Vec<u8> {
    jpeg(&stored_for(upright, orientation), Some(exif_orientation(orientation)), None)
}

/// A PNG of `upright` stored turned, with an eXIf chunk.
pub fn png_oriented(upright: &RgbImage, orientation: u16) -> Vec<u8> {
    let stored = stored_for(upright, orientation);
    let mut out = Vec::new();
    let mut enc = PngEncoder::new(&mut out);
    enc.set_exif_metadata(exif_orientation(orientation)).unwrap();
    enc.write_image(stored.as_raw(), stored.width(), stored.height(), ExtendedColorType::Rgb8).unwrap();
    out
}

/// A JPEG whose pixels are `upright` converted into `profile`'s space and
/// tagged with it, as a phone (P3) or a camera (Adobe RGB) writes it.
pub fn jpeg_in_profile(upright: &RgbImage, profile: &ColorProfile) -> Vec<u8> {
    let t = ColorProfile::new_srgb()
        .create_transform_8bit(Layout::Rgb, profile, Layout::Rgb, TransformOptions::default())
        .unwrap();
    let mut converted = vec![0u8; upright.as_raw().len()];
    t.transform(upright.as_raw(), &mut converted).unwrap();
    let img = RgbImage::from_raw(upright.width(), upright.height(), converted).unwrap();
    jpeg(&img, None, Some(profile.encode().unwrap()))
}

/// A 16-bit PNG of `upright` (each value × 257, so it reads back exactly).
pub fn png_16bit(upright: &RgbImage) -> Vec<u8> {
    let wide: ImageBuffer<Rgb<u16>, Vec<u16>> = ImageBuffer::from_fn(upright.width(), upright.height(), |x, y| {
        Rgb(upright.get_pixel(x, y).0.map(|v| u16::from(v) * 257))
    });
    let bytes: Vec<u8> = wide.as_raw().iter().flat_map(|v| v.to_be_bytes()).collect();
    let mut out = Vec::new();
    PngEncoder::new(&mut out).write_image(&bytes, upright.width(), upright.height(), ExtendedColorType::Rgb16).unwrap();
    out
}

/// A JPEG of `upright` with GPS coordinates in its EXIF.
pub fn jpeg_with_gps(upright: &RgbImage) -> Vec<u8> {
    jpeg(upright, Some(exif_with_gps()), None)
}

/// A CMYK JPEG of `upright` (naive separation: K = 1 - max(R, G, B)), as
/// print workflows and some product catalogues deliver photos. Written with
/// the Adobe marker, as Photoshop does.
pub fn jpeg_cmyk(upright: &RgbImage) -> Vec<u8> {
    let cmyk: Vec<u8> = upright
        .pixels()
        .flat_map(|p| {
            let [r, g, b] = p.0.map(|v| f32::from(v) / 255.0);
            let k = 1.0 - r.max(g).max(b);
            let d = (1.0 - k).max(1e-6);
            [(1.0 - r - k) / d, (1.0 - g - k) / d, (1.0 - b - k) / d, k].map(|v| (v * 255.0).round() as u8)
        })
        .collect();
    let mut out = Vec::new();
    let enc = jpeg_encoder::Encoder::new(&mut out, 95);
    enc.encode(&cmyk, upright.width() as u16, upright.height() as u16, jpeg_encoder::ColorType::Cmyk).unwrap();
    out
}
