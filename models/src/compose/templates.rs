//! The template library: backgrounds generated procedurally in code (no
//! downloaded images), each with a category and the height at which a
//! product stands on it. `variant` changes the light, tone or layout so
//! that `genNum` results differ.

use image::imageops::FilterType;
use image::{DynamicImage, Rgb, RgbImage};

/// One template of the library.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Template {
    /// Stable id used in task options (`templateId`).
    pub id: &'static str,
    /// `studio`, `texture` or `scene`.
    pub category: &'static str,
    pub name_zh: &'static str,
    pub name_en: &'static str,
    /// Where the product's base stands, as a fraction of the height
    /// (per-mille, so the catalogue stays `Eq`).
    pub ground_permille: u16,
}

/// The library, in display order.
pub const TEMPLATES: &[Template] = &[
    Template {
        id: "studio-light",
        category: "studio",
        name_zh: "明亮影棚",
        name_en: "Bright studio",
        ground_permille: 840,
    },
    Template {
        id: "studio-dark",
        category: "studio",
        name_zh: "暗调影棚",
        name_en: "Dark studio",
        ground_permille: 840,
    },
    Template {
        id: "marble",
        category: "texture",
        name_zh: "白色大理石",
        name_en: "White marble",
        ground_permille: 860,
    },
    Template {
        id: "concrete", category: "texture", name_zh: "清水混凝土", name_en: "Concrete", ground_permille: 860
    },
    Template {
        id: "wood-table",
        category: "scene",
        name_zh: "木质桌面",
        name_en: "Wooden table top",
        ground_permille: 820,
    },
    Template {
        id: "marble-counter",
        category: "scene",
        name_zh: "大理石台面",
        name_en: "Marble counter",
        ground_permille: 820,
    },
];

/// The template with this id.
pub fn template(id: &str) -> Option<&'static Template> {
    TEMPLATES.iter().find(|t| t.id == id)
}

/// Renders template `id` at `w`×`h`; `None` for an unknown id.
pub fn render_template(id: &str, w: u32, h: u32, variant: u32) -> Option<RgbImage> {
    let t = template(id)?;
    // Noise textures are rendered at most RENDER_MAX on the long side and
    // scaled up: per-pixel fractal noise is the costly part of a
    // composition, and the textures are soft enough not to need more.
    let long = w.max(h);
    // Wood's grain and seams are fine lines that a scale-up would smear.
    if long > RENDER_MAX && !t.id.starts_with("studio") && t.id != "wood-table" {
        let k = RENDER_MAX as f32 / long as f32;
        let (sw, sh) = (((w as f32) * k).round().max(1.0) as u32, ((h as f32) * k).round().max(1.0) as u32);
        let small = render_at(t, sw, sh, variant);
        return Some(DynamicImage::ImageRgb8(small).resize_exact(w, h, FilterType::CatmullRom).into_rgb8());
    }
    Some(render_at(t, w, h, variant))
}

/// Long side above which noise templates are rendered smaller and scaled up.
pub const RENDER_MAX: u32 = 640;

fn render_at(t: &Template, w: u32, h: u32, variant: u32) -> RgbImage {
    let ground = f32::from(t.ground_permille) / 1000.0;
    match t.id {
        "studio-light" => studio(w, h, variant, [238.0, 238.0, 236.0], [200.0, 201.0, 204.0]),
        "studio-dark" => studio(w, h, variant, [92.0, 94.0, 98.0], [28.0, 29.0, 32.0]),
        "marble" => marble(w, h, variant, 0.0),
        "concrete" => concrete(w, h, variant),
        "wood-table" => table(w, h, variant, ground, Surface::Wood),
        _ => table(w, h, variant, ground, Surface::Marble),
    }
}

/// Deterministic value noise with smooth interpolation.
struct Noise {
    seed: u32,
}

impl Noise {
    fn hash(&self, x: i32, y: i32) -> f32 {
        let mut n = (x as u32).wrapping_mul(0x27d4_eb2d) ^ (y as u32).wrapping_mul(0x1656_67b1) ^ self.seed;
        n ^= n >> 15;
        n = n.wrapping_mul(0x85eb_ca6b);
        n ^= n >> 13;
        (n & 0xffff) as f32 / 65535.0
    }

    fn value(&self, x: f32, y: f32) -> f32 {
        let (xi, yi) = (x.floor(), y.floor());
        let (fx, fy) = (x - xi, y - yi);
        let (sx, sy) = (fx * fx * (3.0 - 2.0 * fx), fy * fy * (3.0 - 2.0 * fy));
        let (xi, yi) = (xi as i32, yi as i32);
        let a = self.hash(xi, yi);
        let b = self.hash(xi + 1, yi);
        let c = self.hash(xi, yi + 1);
        let d = self.hash(xi + 1, yi + 1);
        let top = a + (b - a) * sx;
        let bottom = c + (d - c) * sx;
        top + (bottom - top) * sy
    }

    /// Fractal sum of `octaves` octaves, in 0..1.
    fn fbm(&self, x: f32, y: f32, octaves: u32) -> f32 {
        let (mut sum, mut amp, mut freq, mut norm) = (0.0, 1.0, 1.0, 0.0);
        for o in 0..octaves {
            sum += amp * self.value(x * freq + o as f32 * 17.3, y * freq);
            norm += amp;
            amp *= 0.5;
            freq *= 2.0;
        }
        sum / norm
    }
}

fn px(c: [f32; 3]) -> Rgb<u8> {
    Rgb(c.map(|v| v.round().clamp(0.0, 255.0) as u8))
}

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

/// Warm or cool tone per variant, as a per-channel gain.
fn tone(variant: u32) -> [f32; 3] {
    match variant % 4 {
        0 => [1.0, 1.0, 1.0],
        1 => [1.03, 1.0, 0.95],
        2 => [0.96, 0.99, 1.04],
        _ => [1.02, 0.99, 0.98],
    }
}

/// A seamless studio sweep: light key spot behind the product, falloff to
/// the edges, and a floor that brightens towards the camera.
fn studio(w: u32, h: u32, variant: u32, light: [f32; 3], dark: [f32; 3]) -> RgbImage {
    let spot_x = [0.5, 0.35, 0.65, 0.5][variant as usize % 4];
    let spot_y = [0.45, 0.4, 0.4, 0.55][variant as usize % 4];
    let g = tone(variant);
    let (wf, hf) = (w as f32, h as f32);
    let diag = (wf * wf + hf * hf).sqrt();
    RgbImage::from_fn(w, h, |x, y| {
        let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
        let d = ((fx - spot_x * wf).powi(2) + (fy - spot_y * hf).powi(2)).sqrt() / diag;
        let t = (d * 1.6).clamp(0.0, 1.0).powf(1.3);
        let c = mix(light, dark, t);
        px([c[0] * g[0], c[1] * g[1], c[2] * g[2]])
    })
}

fn marble(w: u32, h: u32, variant: u32, warm: f32) -> RgbImage {
    let noise = Noise { seed: 0x5eed_0001 ^ variant.wrapping_mul(0x9e37_79b9) };
    let scale = 3.5 / w.max(h) as f32;
    let g = tone(variant);
    let angle = [0.6f32, -0.5, 1.1, 0.2][variant as usize % 4];
    let (ca, sa) = (angle.cos(), angle.sin());
    RgbImage::from_fn(w, h, |x, y| {
        let (u, v) = (x as f32 * scale, y as f32 * scale);
        let turb = noise.fbm(u * 1.5, v * 1.5, 5);
        let along = (u * ca + v * sa) * 3.0 + turb * 6.0;
        let vein = 1.0 - (along.sin().abs()).powf(0.25);
        let cloud = noise.fbm(u * 4.0 + 11.0, v * 4.0, 3);
        let base = 236.0 + cloud * 14.0 + warm;
        let shade = base - vein * 95.0;
        px([shade * g[0] + warm, shade * g[1], (shade - 4.0) * g[2] - warm])
    })
}

fn concrete(w: u32, h: u32, variant: u32) -> RgbImage {
    let noise = Noise { seed: 0xc0c0_0002 ^ variant.wrapping_mul(0x85eb_ca6b) };
    let scale = 6.0 / w.max(h) as f32;
    let g = tone(variant);
    RgbImage::from_fn(w, h, |x, y| {
        let (u, v) = (x as f32 * scale, y as f32 * scale);
        let coarse = noise.fbm(u, v, 4);
        let fine = noise.value(x as f32 * 0.35, y as f32 * 0.35);
        let vignette = 1.0 - 0.12 * ((y as f32 / h as f32) - 0.4).abs();
        let l = (150.0 + coarse * 55.0 + fine * 10.0) * vignette;
        px([l * g[0], l * g[1], (l + 3.0) * g[2]])
    })
}

#[derive(Clone, Copy)]
enum Surface {
    Wood,
    Marble,
}

/// A wall and a table top meeting at a horizon slightly above the ground
/// line, the table lit from the front.
fn table(w: u32, h: u32, variant: u32, ground: f32, surface: Surface) -> RgbImage {
    let horizon = (ground - 0.2 + 0.03 * (variant % 3) as f32) * h as f32;
    let walls: [[f32; 3]; 4] =
        [[232.0, 226.0, 216.0], [214.0, 224.0, 226.0], [236.0, 222.0, 214.0], [222.0, 222.0, 224.0]];
    let wall = walls[variant as usize % 4];
    let noise = Noise { seed: 0x7ab1_e003 ^ variant.wrapping_mul(0x27d4_eb2d) };
    let top = match surface {
        Surface::Wood => None,
        Surface::Marble => Some(marble(w, h, variant + 1, 2.0)),
    };
    let (wf, hf) = (w as f32, h as f32);
    RgbImage::from_fn(w, h, |x, y| {
        let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
        if fy < horizon {
            // Wall: soft light from the upper left, darker just above the table.
            let lx = (fx / wf - 0.3).powi(2) + (fy / hf - 0.2).powi(2);
            let near = ((horizon - fy) / (0.08 * hf)).clamp(0.0, 1.0);
            let l = (1.0 - 0.25 * lx.sqrt()) * (0.9 + 0.1 * near);
            return px(wall.map(|c| c * l));
        }
        // Table: perspective depth, 0 at the horizon, 1 at the bottom edge.
        let depth = ((fy - horizon) / (hf - horizon)).clamp(0.0, 1.0);
        let light = 0.82 + 0.18 * depth;
        let edge = if fy - horizon < 2.0 { 0.8 } else { 1.0 };
        let c = match (surface, &top) {
            (Surface::Marble, Some(m)) => {
                let p = m.get_pixel(x, y).0;
                [f32::from(p[0]), f32::from(p[1]), f32::from(p[2])]
            }
            _ => wood_floor(&noise, fx - wf * 0.5, depth, wf),
        };
        px(c.map(|v| v * light * edge))
    })
}

/// Oak planks seen in perspective: they run towards the viewer and
/// converge at the horizon, each with its own tone, long grain streaks
/// along its length, dark seams between planks and staggered end joints.
/// `x` is the pixel's offset from the canvas centre, `depth` 0 at the
/// horizon and 1 at the bottom edge. Detail fades with distance, so the far
/// planks do not alias into noise.
fn wood_floor(noise: &Noise, x: f32, depth: f32, width: f32) -> [f32; 3] {
    // Distance along the table (1 at the bottom edge, larger farther away)
    // and the position across it in the same world units.
    let z = 1.0 / (0.12 + 0.88 * depth);
    let across = x / width * z;
    const PLANK: f32 = 0.17;
    const PLANK_LENGTH: f32 = 2.6;
    let p = across / PLANK;
    let index = p.floor() as i32;
    let within = p - p.floor();
    let h = |salt: i32| noise.hash(index.wrapping_mul(31).wrapping_add(salt), 977);
    // Staggered end joints: each plank starts at its own offset.
    let along = z + h(1) * PLANK_LENGTH;
    let piece = (along / PLANK_LENGTH).floor() as i32;
    let hp = noise.hash(index, piece.wrapping_add(4001));
    // Grain: lines across the plank's width, bent by slow noise along it.
    let warp = noise.fbm(within * 2.0 + index as f32 * 7.1, along * 0.35, 3);
    let ring = ((within * 9.0 + warp * 5.0 + hp * 3.0) * std::f32::consts::TAU).sin() * 0.5 + 0.5;
    let fibre = noise.value(within * 180.0 + index as f32 * 53.0, along * 6.0);
    // How many pixels one plank spans here: detail fades below ~12 px.
    let plank_px = PLANK * width / z;
    let detail = ((plank_px - 6.0) / 30.0).clamp(0.0, 1.0);
    let tone = 0.86 + 0.22 * hp;
    let base = [178.0, 126.0, 82.0];
    let late = [128.0, 82.0, 48.0];
    let grain = ring.powf(2.5) * 0.55 * detail + (fibre - 0.5) * 0.12 * detail;
    let mut c = mix(base, late, grain.clamp(0.0, 1.0));
    c = c.map(|v| v * tone);
    // Seams between planks and at the joints: a groove of fixed world width.
    let seam_w = 0.012 + 0.02 * (1.0 - detail);
    let seam = within < seam_w || within > 1.0 - seam_w;
    let joint = (along / PLANK_LENGTH).fract() < 0.004 * z;
    if seam || joint {
        let k = 0.55 + 0.4 * (1.0 - detail);
        c = c.map(|v| v * k);
    }
    // A soft sheen from the key light, strongest behind the product.
    let sheen = (1.0 - (x / width).abs() * 1.6).max(0.0) * (1.0 - depth).powf(1.5) * 0.12;
    c.map(|v| v + sheen * 255.0 * 0.35)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mean(img: &RgbImage) -> f64 {
        img.as_raw().iter().map(|&v| f64::from(v)).sum::<f64>() / img.as_raw().len() as f64
    }

    #[test]
    fn every_template_renders_and_variants_differ() {
        for t in TEMPLATES {
            let a = render_template(t.id, 96, 64, 0).unwrap();
            let b = render_template(t.id, 96, 64, 1).unwrap();
            assert_eq!(a.dimensions(), (96, 64));
            let diff: u64 = a.as_raw().iter().zip(b.as_raw()).map(|(x, y)| u64::from(x.abs_diff(*y))).sum();
            assert!(diff as f64 / a.as_raw().len() as f64 > 1.0, "{} variants are the same", t.id);
            let m = mean(&a);
            assert!((20.0..250.0).contains(&m), "{}: mean {m}", t.id);
        }
        assert!(render_template("nope", 8, 8, 0).is_none());
        assert!(["studio", "texture", "scene"].iter().all(|c| TEMPLATES.iter().any(|t| t.category == *c)));
    }
}
