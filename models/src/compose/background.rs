//! Backgrounds a product can be placed on: the original app's 7-colour palette, any
//! colour, a two-colour gradient, a generated template, or an image.

use image::imageops::FilterType;
use image::{DynamicImage, Rgb, RgbImage};

use super::templates::{render_template, template};

/// The original app's 7-colour background palette, in its order: white, cream,
/// light grey, grey-blue, dark grey, light blue, beige.
pub const PALETTE: [(&str, [u8; 3]); 7] = [
    ("white", [0xFF, 0xFF, 0xFF]),
    ("cream", [0xFB, 0xF6, 0xE9]),
    ("lightGrey", [0xE5, 0xE6, 0xE8]),
    ("greyBlue", [0xB8, 0xC4, 0xD0]),
    ("darkGrey", [0x4A, 0x4D, 0x52]),
    ("lightBlue", [0xD6, 0xE8, 0xF7]),
    ("beige", [0xEA, 0xDC, 0xC4]),
];

/// What the product is placed on.
#[derive(Debug, Clone, PartialEq)]
pub enum Background {
    /// One flat colour (palette or custom).
    Solid([u8; 3]),
    /// Top-to-bottom (variant 0) gradient; other variants turn it into a
    /// radial or diagonal one.
    Gradient { from: [u8; 3], to: [u8; 3] },
    /// A template of the library, by id.
    Template(String),
    /// The user's own picture, cropped to cover the canvas.
    Image(RgbImage),
}

impl Background {
    /// Where the product's base stands (fraction of the height).
    pub fn ground(&self) -> f32 {
        match self {
            Background::Template(id) => template(id).map_or(0.86, |t| f32::from(t.ground_permille) / 1000.0),
            Background::Image(_) => 0.9,
            Background::Solid(_) | Background::Gradient { .. } => 0.86,
        }
    }

    /// Whether a floor reflection suits it (glossy studio colours and
    /// gradients; not wood, concrete or photos).
    pub fn suits_reflection(&self) -> bool {
        match self {
            Background::Solid(_) | Background::Gradient { .. } => true,
            Background::Template(id) => id.starts_with("studio") || id == "marble-counter",
            Background::Image(_) => false,
        }
    }
}

/// Renders `bg` at `w`×`h`. An unknown template id renders light grey.
pub fn render_background(bg: &Background, w: u32, h: u32, variant: u32) -> RgbImage {
    match bg {
        Background::Solid(c) => RgbImage::from_pixel(w, h, Rgb(*c)),
        Background::Gradient { from, to } => gradient(*from, *to, w, h, variant),
        Background::Template(id) => {
            render_template(id, w, h, variant).unwrap_or_else(|| RgbImage::from_pixel(w, h, Rgb(PALETTE[2].1)))
        }
        Background::Image(img) => cover(img, w, h),
    }
}

fn gradient(from: [u8; 3], to: [u8; 3], w: u32, h: u32, variant: u32) -> RgbImage {
    let (wf, hf) = (w as f32, h as f32);
    let lerp = |t: f32| {
        let t = t.clamp(0.0, 1.0);
        Rgb([0, 1, 2].map(|c| (f32::from(from[c]) + (f32::from(to[c]) - f32::from(from[c])) * t).round() as u8))
    };
    match variant % 3 {
        0 => RgbImage::from_fn(w, h, |_, y| lerp((y as f32 + 0.5) / hf)),
        1 => {
            // Radial: `from` in a glow behind the product, `to` at the corners.
            let diag = (wf * wf + hf * hf).sqrt() * 0.5;
            RgbImage::from_fn(w, h, |x, y| {
                let d = ((x as f32 - wf * 0.5).powi(2) + (y as f32 - hf * 0.45).powi(2)).sqrt();
                lerp(d / diag)
            })
        }
        _ => RgbImage::from_fn(w, h, |x, y| lerp(((x as f32) / wf + (y as f32) / hf) * 0.5)),
    }
}

/// Scales `img` to cover `w`×`h` and crops the centre.
pub fn cover(img: &RgbImage, w: u32, h: u32) -> RgbImage {
    let (iw, ih) = (img.width().max(1) as f32, img.height().max(1) as f32);
    let s = (w as f32 / iw).max(h as f32 / ih);
    let (sw, sh) = (((iw * s).ceil() as u32).max(w), ((ih * s).ceil() as u32).max(h));
    let scaled = DynamicImage::ImageRgb8(img.clone()).resize_exact(sw, sh, FilterType::Triangle).into_rgb8();
    let (x0, y0) = ((sw - w) / 2, (sh - h) / 2);
    image::imageops::crop_imm(&scaled, x0, y0, w, h).to_image()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_has_the_spec_seven() {
        let names: Vec<_> = PALETTE.iter().map(|p| p.0).collect();
        assert_eq!(names, ["white", "cream", "lightGrey", "greyBlue", "darkGrey", "lightBlue", "beige"]);
    }

    #[test]
    fn renders_every_kind_at_size() {
        let photo = RgbImage::from_fn(300, 100, |x, _| Rgb([(x % 256) as u8, 0, 0]));
        for bg in [
            Background::Solid([1, 2, 3]),
            Background::Gradient { from: [255, 255, 255], to: [0, 0, 0] },
            Background::Template("wood-table".into()),
            Background::Template("missing".into()),
            Background::Image(photo),
        ] {
            let img = render_background(&bg, 64, 48, 1);
            assert_eq!(img.dimensions(), (64, 48));
        }
        let g = render_background(&Background::Gradient { from: [255; 3], to: [0; 3] }, 10, 100, 0);
        assert!(g.get_pixel(5, 0)[0] > 240 && g.get_pixel(5, 99)[0] < 15);
    }
}
