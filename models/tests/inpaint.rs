//! Inpainting on synthetic studio / table-top backgrounds with known ground
//! truth: a lit wall (vertical + horizontal gradient), a table top with a
//! sharp front edge and a faint wood-like grain, a hole across the edge.

use image::{GrayImage, Luma, Rgb, RgbImage};
use pixmart_models::inpaint::{inpaint, inpaint_with, InpaintOptions};

/// Wall above `edge_y`, table below; deterministic faint grain.
fn scene(w: u32, h: u32, edge_y: u32) -> RgbImage {
    RgbImage::from_fn(w, h, |x, y| {
        let (fx, fy) = (x as f32 / w as f32, y as f32 / h as f32);
        if y < edge_y {
            // Studio wall: warm grey, lighter top-left.
            let v = 215.0 - 50.0 * fy - 20.0 * fx;
            Rgb([v as u8, (v - 6.0) as u8, (v - 14.0) as u8])
        } else {
            // Table: brown, darker towards the front, horizontal grain.
            let grain = 6.0 * ((y as f32 * 0.9).sin() + 0.5 * (y as f32 * 0.37 + fx * 3.0).sin());
            let v = 150.0 - 40.0 * (fy - 0.6) + grain;
            Rgb([v as u8, (v * 0.72) as u8, (v * 0.5) as u8])
        }
    })
}

fn rect_hole(w: u32, h: u32, x0: u32, y0: u32, x1: u32, y1: u32) -> GrayImage {
    GrayImage::from_fn(w, h, |x, y| Luma([if x >= x0 && x < x1 && y >= y0 && y < y1 { 255 } else { 0 }]))
}

/// Mean absolute error per channel over the hole.
fn hole_mae(a: &RgbImage, b: &RgbImage, hole: &GrayImage) -> f64 {
    let (mut sum, mut n) = (0.0f64, 0u64);
    for (x, y, m) in hole.enumerate_pixels() {
        if m[0] >= 128 {
            let (p, q) = (a.get_pixel(x, y), b.get_pixel(x, y));
            for k in 0..3 {
                sum += (f64::from(p[k]) - f64::from(q[k])).abs();
            }
            n += 3;
        }
    }
    sum / n as f64
}

/// The baseline the completion must beat: each hole pixel repeatedly
/// becomes the mean of the known pixels in its 5×5 window (a blur fill,
/// peeling inwards from the border).
fn blur_fill(image: &RgbImage, hole: &GrayImage) -> RgbImage {
    let (w, h) = image.dimensions();
    let mut out = image.clone();
    let mut known: Vec<bool> = hole.as_raw().iter().map(|&v| v < 128).collect();
    loop {
        let mut ring = Vec::new();
        for y in 0..h {
            for x in 0..w {
                if known[(y * w + x) as usize] {
                    continue;
                }
                let (mut acc, mut n) = ([0.0f64; 3], 0.0);
                for yy in y.saturating_sub(2)..(y + 3).min(h) {
                    for xx in x.saturating_sub(2)..(x + 3).min(w) {
                        if known[(yy * w + xx) as usize] {
                            let p = out.get_pixel(xx, yy);
                            for k in 0..3 {
                                acc[k] += f64::from(p[k]);
                            }
                            n += 1.0;
                        }
                    }
                }
                if n > 0.0 {
                    ring.push((x, y, Rgb([(acc[0] / n) as u8, (acc[1] / n) as u8, (acc[2] / n) as u8])));
                }
            }
        }
        if ring.is_empty() {
            break;
        }
        for (x, y, p) in ring {
            out.put_pixel(x, y, p);
            known[(y * w + x) as usize] = true;
        }
    }
    out
}

/// Mean vertical contrast across the table edge inside the hole (rows
/// edge-2 vs edge+2): the ground truth has a sharp step.
fn edge_contrast(img: &RgbImage, x0: u32, x1: u32, edge_y: u32) -> f64 {
    let mut sum = 0.0;
    for x in x0..x1 {
        let (a, b) = (img.get_pixel(x, edge_y - 3), img.get_pixel(x, edge_y + 2));
        sum += (0..3).map(|k| (f64::from(a[k]) - f64::from(b[k])).abs()).sum::<f64>();
    }
    sum / f64::from(x1 - x0)
}

#[test]
fn fills_a_hole_across_a_table_edge_close_to_ground_truth_and_beats_blur() {
    let (w, h, edge) = (384, 256, 154);
    let truth = scene(w, h, edge);
    let (x0, y0, x1, y1) = (140, 110, 230, 200);
    let hole = rect_hole(w, h, x0, y0, x1, y1);
    let mut damaged = truth.clone();
    for (x, y, m) in hole.enumerate_pixels() {
        if m[0] == 255 {
            damaged.put_pixel(x, y, Rgb([20, 200, 30]));
        }
    }
    let filled = inpaint(&damaged, &hole);
    let blurred = blur_fill(&damaged, &hole);

    let (e_fill, e_blur) = (hole_mae(&filled, &truth, &hole), hole_mae(&blurred, &truth, &hole));
    let (c_truth, c_fill, c_blur) = (
        edge_contrast(&truth, x0, x1, edge),
        edge_contrast(&filled, x0, x1, edge),
        edge_contrast(&blurred, x0, x1, edge),
    );
    eprintln!("hole MAE: inpaint {e_fill:.2}, blur {e_blur:.2}; edge contrast truth {c_truth:.1} inpaint {c_fill:.1} blur {c_blur:.1}");

    // Outside the hole nothing changes.
    for (x, y, m) in hole.enumerate_pixels() {
        if m[0] < 128 {
            assert_eq!(filled.get_pixel(x, y), damaged.get_pixel(x, y));
        }
    }
    assert!(e_fill < 8.0, "hole MAE {e_fill:.2} too high");
    assert!(e_fill < e_blur, "inpaint MAE {e_fill:.2} does not beat blur fill {e_blur:.2}");
    // The edge continues through the hole, sharp.
    assert!(c_fill > 0.7 * c_truth, "edge contrast {c_fill:.1} vs truth {c_truth:.1}");
    assert!(c_fill > c_blur, "edge no sharper than blur fill ({c_fill:.1} vs {c_blur:.1})");
}

#[test]
fn fills_a_studio_gradient_smoothly() {
    // Seamless sweep: only a smooth gradient, hole in the middle and touching the border.
    let (w, h) = (256, 256);
    let truth = RgbImage::from_fn(w, h, |x, y| {
        let v = 235.0 - 0.3 * y as f32 - 0.1 * x as f32;
        Rgb([v as u8, v as u8, (v + 8.0).min(255.0) as u8])
    });
    let hole = GrayImage::from_fn(w, h, |x, y| {
        let (dx, dy) = (x as f32 - 128.0, y as f32 - 150.0);
        let inside = (dx / 60.0).powi(2) + (dy / 80.0).powi(2) <= 1.0 || (x < 30 && y > 60 && y < 120);
        Luma([if inside { 255 } else { 0 }])
    });
    let mut damaged = truth.clone();
    for (x, y, m) in hole.enumerate_pixels() {
        if m[0] == 255 {
            damaged.put_pixel(x, y, Rgb([0, 0, 0]));
        }
    }
    let filled = inpaint(&damaged, &hole);
    let e = hole_mae(&filled, &truth, &hole);
    eprintln!("gradient hole MAE {e:.2}");
    assert!(e < 3.0, "gradient fill MAE {e:.2}");
}

#[test]
fn same_result_whatever_the_thread_count_and_no_hole_is_identity() {
    let truth = scene(160, 120, 70);
    let hole = rect_hole(160, 120, 60, 50, 100, 90);
    let one = inpaint_with(&truth, &hole, &InpaintOptions { threads: 1, ..InpaintOptions::default() });
    let two = inpaint_with(&truth, &hole, &InpaintOptions { threads: 2, ..InpaintOptions::default() });
    assert_eq!(one, two);
    let empty = GrayImage::new(160, 120);
    assert_eq!(inpaint(&truth, &empty), truth);
}
