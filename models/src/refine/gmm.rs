//! Gaussian mixture colour models (GrabCut's): K full-covariance RGB
//! components, initialised by deterministic k-means on a subsample.

const EPS: f64 = 1e-3;

#[derive(Debug, Clone)]
struct Component {
    mean: [f64; 3],
    /// Inverse covariance and log(weight / sqrt((2π)³ det Σ)).
    inv: [[f64; 3]; 3],
    log_norm: f64,
}

#[derive(Debug, Clone)]
pub struct Gmm {
    comps: Vec<Component>,
}

impl Gmm {
    /// Fits `k` components to `samples` (RGB 0..255). `None` when empty.
    pub fn fit(samples: &[[f32; 3]], k: usize) -> Option<Gmm> {
        if samples.is_empty() {
            return None;
        }
        // Subsample for speed; a stride keeps it deterministic.
        let stride = (samples.len() / 20_000).max(1);
        let pts: Vec<[f64; 3]> =
            samples.iter().step_by(stride).map(|p| [f64::from(p[0]), f64::from(p[1]), f64::from(p[2])]).collect();
        let k = k.clamp(1, pts.len());
        // Init: centres at luminance quantiles.
        let mut order: Vec<usize> = (0..pts.len()).collect();
        let lum = |p: &[f64; 3]| 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
        order.sort_by(|&a, &b| lum(&pts[a]).total_cmp(&lum(&pts[b])));
        let mut centres: Vec<[f64; 3]> = (0..k).map(|c| pts[order[(2 * c + 1) * pts.len() / (2 * k)]]).collect();
        let mut assign = vec![0usize; pts.len()];
        for _ in 0..6 {
            for (i, p) in pts.iter().enumerate() {
                assign[i] =
                    (0..k).min_by(|&a, &b| dist2(p, &centres[a]).total_cmp(&dist2(p, &centres[b]))).unwrap_or(0);
            }
            let mut sums = vec![([0f64; 3], 0usize); k];
            for (p, &a) in pts.iter().zip(&assign) {
                for (acc, v) in sums[a].0.iter_mut().zip(p) {
                    *acc += v;
                }
                sums[a].1 += 1;
            }
            for (c, (s, n)) in sums.iter().enumerate() {
                if *n > 0 {
                    centres[c] = [s[0] / *n as f64, s[1] / *n as f64, s[2] / *n as f64];
                }
            }
        }
        let mut comps = Vec::with_capacity(k);
        for (c, centre) in centres.iter().enumerate() {
            let members: Vec<&[f64; 3]> = pts.iter().zip(&assign).filter(|(_, &a)| a == c).map(|(p, _)| p).collect();
            if members.is_empty() {
                continue;
            }
            let n = members.len() as f64;
            let mut cov = [[0f64; 3]; 3];
            for p in &members {
                for a in 0..3 {
                    for b in 0..3 {
                        cov[a][b] += (p[a] - centre[a]) * (p[b] - centre[b]) / n;
                    }
                }
            }
            for (a, row) in cov.iter_mut().enumerate() {
                // Regularise: flat regions would give a singular covariance.
                row[a] += 4.0 + EPS;
            }
            let det = det3(&cov);
            if det <= 0.0 {
                continue;
            }
            let weight = n / pts.len() as f64;
            comps.push(Component {
                mean: *centre,
                inv: inv3(&cov, det),
                log_norm: weight.ln() - 0.5 * ((2.0 * std::f64::consts::PI).powi(3) * det).ln(),
            });
        }
        (!comps.is_empty()).then_some(Gmm { comps })
    }

    /// -ln p(colour).
    pub fn neg_log_likelihood(&self, p: [f32; 3]) -> f64 {
        let x = [f64::from(p[0]), f64::from(p[1]), f64::from(p[2])];
        // log-sum-exp over components.
        let logs: Vec<f64> = self
            .comps
            .iter()
            .map(|c| {
                let d = [x[0] - c.mean[0], x[1] - c.mean[1], x[2] - c.mean[2]];
                let mut q = 0.0;
                for a in 0..3 {
                    for b in 0..3 {
                        q += d[a] * c.inv[a][b] * d[b];
                    }
                }
                c.log_norm - 0.5 * q
            })
            .collect();
        let max = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let sum: f64 = logs.iter().map(|l| (l - max).exp()).sum();
        -(max + sum.ln())
    }

    pub fn components(&self) -> usize {
        self.comps.len()
    }
}

fn dist2(a: &[f64; 3], b: &[f64; 3]) -> f64 {
    (a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)
}

fn det3(m: &[[f64; 3]; 3]) -> f64 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

fn inv3(m: &[[f64; 3]; 3], det: f64) -> [[f64; 3]; 3] {
    let c = |r0: usize, c0: usize, r1: usize, c1: usize| m[r0][c0] * m[r1][c1] - m[r0][c1] * m[r1][c0];
    [
        [c(1, 1, 2, 2) / det, -c(0, 1, 2, 2) / det, c(0, 1, 1, 2) / det],
        [-c(1, 0, 2, 2) / det, c(0, 0, 2, 2) / det, -c(0, 0, 1, 2) / det],
        [c(1, 0, 2, 1) / det, -c(0, 0, 2, 1) / det, c(0, 0, 1, 1) / det],
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separates_two_colour_clusters() {
        let mut red = Vec::new();
        let mut blue = Vec::new();
        for i in 0..500 {
            let j = (i % 7) as f32;
            red.push([200.0 + j, 30.0 - j, 30.0]);
            blue.push([20.0, 40.0 + j, 210.0 - j]);
        }
        let (r, b) = (Gmm::fit(&red, 3).unwrap(), Gmm::fit(&blue, 3).unwrap());
        assert!(r.components() >= 1);
        let px = [203.0, 28.0, 30.0];
        assert!(r.neg_log_likelihood(px) + 20.0 < b.neg_log_likelihood(px));
        assert!(Gmm::fit(&[], 3).is_none());
        // inverse is right
        let m = [[4.0, 1.0, 0.0], [1.0, 3.0, 0.5], [0.0, 0.5, 2.0]];
        let inv = inv3(&m, det3(&m));
        #[allow(clippy::needless_range_loop)] // a matrix product reads clearest by index
        for a in 0..3 {
            for b in 0..3 {
                let v: f64 = (0..3).map(|k| m[a][k] * inv[k][b]).sum();
                assert!((v - if a == b { 1.0 } else { 0.0 }).abs() < 1e-9);
            }
        }
    }
}
