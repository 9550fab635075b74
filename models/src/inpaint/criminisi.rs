//! Exemplar-based fill in priority order (Criminisi, Pérez and Toyama
//! 2004), used as the first guess at the coarsest level. Filling first
//! where strong edges (isophotes) meet the hole front carries straight
//! structures such as a table edge across the hole, which a smooth
//! membrane fill would bend or blur. At the coarsest level the image is
//! tiny, so the exhaustive patch search is cheap.

use super::buf::Img;
use super::patchmatch::Geometry;

/// Fills `hole` pixels of `img` in place. `geo` must have sources.
pub(crate) fn exemplar_fill(img: &mut Img, hole: &[bool], geo: &Geometry) {
    let (w, h, r) = (img.w, img.h, geo.r as isize);
    let mut known: Vec<bool> = hole.iter().map(|&b| !b).collect();
    let mut conf: Vec<f32> = known.iter().map(|&k| if k { 1.0 } else { 0.0 }).collect();
    let mut remaining = known.iter().filter(|&&k| !k).count();
    let lum = |p: [f32; 3]| 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
    while remaining > 0 {
        // Front: unknown pixels with a known 4-neighbour.
        let mut best: Option<(usize, f32)> = None;
        for y in 0..h {
            for x in 0..w {
                let i = y * w + x;
                if known[i] {
                    continue;
                }
                let nb = [(x.wrapping_sub(1), y), (x + 1, y), (x, y.wrapping_sub(1)), (x, y + 1)];
                if !nb.iter().any(|&(nx, ny)| nx < w && ny < h && known[ny * w + nx]) {
                    continue;
                }
                // Confidence term: share of trusted pixels in the patch.
                let (mut csum, mut area) = (0.0f32, 0.0f32);
                // Data term: strongest isophote among known neighbours,
                // against the front normal (from the known-mask gradient).
                let (mut nxg, mut nyg) = (0.0f32, 0.0f32);
                let mut iso = (0.0f32, 0.0f32, 0.0f32);
                for dy in -r..=r {
                    for dx in -r..=r {
                        let (px, py) = (x as isize + dx, y as isize + dy);
                        if px < 0 || py < 0 || px >= w as isize || py >= h as isize {
                            continue;
                        }
                        let j = py as usize * w + px as usize;
                        area += 1.0;
                        csum += conf[j];
                        if known[j] {
                            nxg += dx as f32;
                            nyg += dy as f32;
                            // Luminance gradient where both neighbours are known.
                            let (px, py) = (px as usize, py as usize);
                            if px > 0 && px + 1 < w && py > 0 && py + 1 < h {
                                let (l, rr) = (py * w + px - 1, py * w + px + 1);
                                let (u, d) = ((py - 1) * w + px, (py + 1) * w + px);
                                if known[l] && known[rr] && known[u] && known[d] {
                                    let gx = (lum(img.px[rr]) - lum(img.px[l])) * 0.5;
                                    let gy = (lum(img.px[d]) - lum(img.px[u])) * 0.5;
                                    let m = gx * gx + gy * gy;
                                    if m > iso.2 {
                                        // Isophote is the gradient turned by 90°.
                                        iso = (-gy, gx, m);
                                    }
                                }
                            }
                        }
                    }
                }
                let nlen = (nxg * nxg + nyg * nyg).sqrt().max(1e-6);
                let data = ((iso.0 * nxg + iso.1 * nyg) / nlen).abs() / 255.0 + 1e-3;
                let c = csum / area;
                let p = c * data;
                if best.is_none_or(|(_, bp)| p > bp) {
                    best = Some((i, p));
                }
            }
        }
        let Some((t, _)) = best else { break };
        let (tx, ty) = (t % w, t / w);
        // Exhaustive search: SSD over the target patch's known pixels.
        let mut best_src = None;
        let mut best_d = f32::INFINITY;
        for &s in &geo.src_list {
            let (sx, sy) = (s as usize % w, s as usize / w);
            let mut d = 0.0f32;
            'patch: for dy in -r..=r {
                let ty2 = ty as isize + dy;
                if ty2 < 0 || ty2 >= h as isize {
                    continue;
                }
                for dx in -r..=r {
                    let tx2 = tx as isize + dx;
                    if tx2 < 0 || tx2 >= w as isize {
                        continue;
                    }
                    let j = ty2 as usize * w + tx2 as usize;
                    if !known[j] {
                        continue;
                    }
                    let q = img.px[(sy as isize + dy) as usize * w + (sx as isize + dx) as usize];
                    let p = img.px[j];
                    d += (p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2);
                    if d >= best_d {
                        break 'patch;
                    }
                }
            }
            if d < best_d {
                best_d = d;
                best_src = Some((sx, sy));
            }
        }
        let Some((sx, sy)) = best_src else { break };
        let c = {
            let (mut csum, mut area) = (0.0f32, 0.0f32);
            for dy in -r..=r {
                for dx in -r..=r {
                    let (px, py) = (tx as isize + dx, ty as isize + dy);
                    if px >= 0 && py >= 0 && px < w as isize && py < h as isize {
                        csum += conf[py as usize * w + px as usize];
                        area += 1.0;
                    }
                }
            }
            csum / area
        };
        for dy in -r..=r {
            for dx in -r..=r {
                let (px, py) = (tx as isize + dx, ty as isize + dy);
                if px < 0 || py < 0 || px >= w as isize || py >= h as isize {
                    continue;
                }
                let j = py as usize * w + px as usize;
                if known[j] {
                    continue;
                }
                img.px[j] = img.px[(sy as isize + dy) as usize * w + (sx as isize + dx) as usize];
                known[j] = true;
                conf[j] = c;
                remaining -= 1;
            }
        }
    }
}
