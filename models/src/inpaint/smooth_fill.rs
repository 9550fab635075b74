//! A smooth first guess for the hole at the coarsest level: onion-peel
//! from the border inwards, then relax towards a harmonic (membrane) fill.
//! At the coarsest level the hole is a few pixels wide, so this is cheap
//! and gives the gradients of walls and studio sweeps a good start.

use super::buf::Img;

pub(crate) fn smooth_fill(img: &mut Img, hole: &[bool], relax_iterations: usize) {
    let (w, h) = (img.w, img.h);
    let mut known: Vec<bool> = hole.iter().map(|&b| !b).collect();
    if !known.iter().any(|&k| k) {
        img.px.iter_mut().for_each(|p| *p = [128.0; 3]);
        return;
    }
    loop {
        let mut ring = Vec::new();
        for y in 0..h {
            for x in 0..w {
                let i = y * w + x;
                if known[i] {
                    continue;
                }
                let mut acc = [0.0f32; 3];
                let mut n = 0.0f32;
                for (nx, ny) in neighbours8(x, y, w, h) {
                    let j = ny * w + nx;
                    if known[j] {
                        let p = img.px[j];
                        acc = [acc[0] + p[0], acc[1] + p[1], acc[2] + p[2]];
                        n += 1.0;
                    }
                }
                if n > 0.0 {
                    ring.push((i, [acc[0] / n, acc[1] / n, acc[2] / n]));
                }
            }
        }
        if ring.is_empty() {
            break;
        }
        for (i, p) in ring {
            img.px[i] = p;
            known[i] = true;
        }
    }
    let holes: Vec<usize> = (0..w * h).filter(|&i| hole[i]).collect();
    for _ in 0..relax_iterations {
        for &i in &holes {
            let (x, y) = (i % w, i / w);
            let mut acc = [0.0f32; 3];
            let mut n = 0.0f32;
            for (nx, ny) in neighbours4(x, y, w, h) {
                let p = img.px[ny * w + nx];
                acc = [acc[0] + p[0], acc[1] + p[1], acc[2] + p[2]];
                n += 1.0;
            }
            // Gauss-Seidel in place: converges about twice as fast as Jacobi.
            img.px[i] = [acc[0] / n, acc[1] / n, acc[2] / n];
        }
    }
}

fn neighbours8(x: usize, y: usize, w: usize, h: usize) -> impl Iterator<Item = (usize, usize)> {
    let (x, y) = (x as isize, y as isize);
    (-1isize..=1)
        .flat_map(move |dy| (-1isize..=1).map(move |dx| (x + dx, y + dy)))
        .filter(move |&(nx, ny)| (nx, ny) != (x, y) && nx >= 0 && ny >= 0 && nx < w as isize && ny < h as isize)
        .map(|(nx, ny)| (nx as usize, ny as usize))
}

fn neighbours4(x: usize, y: usize, w: usize, h: usize) -> impl Iterator<Item = (usize, usize)> {
    let (x, y) = (x as isize, y as isize);
    [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
        .into_iter()
        .filter(move |&(nx, ny)| nx >= 0 && ny >= 0 && nx < w as isize && ny < h as isize)
        .map(|(nx, ny)| (nx as usize, ny as usize))
}
