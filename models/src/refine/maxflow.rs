//! Minimum s-t cut on a 4-connected pixel grid (Dinic's algorithm on the
//! residual graph, terminal links kept as per-pixel capacities). Integer
//! capacities, so it always terminates exactly.
//!
//! Source side = foreground. A pixel's source capacity is what labelling it
//! background costs, its sink capacity what labelling it foreground costs.

use std::collections::VecDeque;

/// Right, down, left, up.
const DX: [i64; 4] = [1, 0, -1, 0];
const DY: [i64; 4] = [0, 1, 0, -1];
const OPPOSITE: [usize; 4] = [2, 3, 0, 1];

pub struct GridCut {
    w: usize,
    h: usize,
    /// Residual source (index) and sink capacities per pixel.
    src: Vec<i32>,
    sink: Vec<i32>,
    /// Residual capacity of the arc from pixel i in direction d: `res[4i+d]`.
    res: Vec<i32>,
}

impl GridCut {
    pub fn new(w: usize, h: usize) -> Self {
        GridCut { w, h, src: vec![0; w * h], sink: vec![0; w * h], res: vec![0; 4 * w * h] }
    }

    /// Terminal capacities of pixel `i`: the cost of background (`to_bg`)
    /// and of foreground (`to_fg`). The common part is cut whatever the
    /// label, so only the difference is kept (fewer augmenting paths).
    pub fn set_terminals(&mut self, i: usize, to_bg: i32, to_fg: i32) {
        let m = to_bg.min(to_fg);
        self.src[i] = to_bg - m;
        self.sink[i] = to_fg - m;
    }

    /// Capacity of the (undirected) edge between `i` and its neighbour in
    /// direction `d` (0 right, 1 down).
    pub fn set_edge(&mut self, i: usize, d: usize, cap: i32) {
        if let Some(j) = self.neighbour(i, d) {
            self.res[4 * i + d] = cap;
            self.res[4 * j + OPPOSITE[d]] = cap;
        }
    }

    fn neighbour(&self, i: usize, d: usize) -> Option<usize> {
        let (x, y) = ((i % self.w) as i64 + DX[d], (i / self.w) as i64 + DY[d]);
        (x >= 0 && y >= 0 && (x as usize) < self.w && (y as usize) < self.h).then(|| y as usize * self.w + x as usize)
    }

    /// Runs the max-flow and returns the source side (foreground) per pixel.
    pub fn solve(mut self) -> Vec<bool> {
        let n = self.w * self.h;
        let mut level = vec![u32::MAX; n];
        let mut arc = vec![0u8; n];
        let mut path: Vec<usize> = Vec::new();
        loop {
            // BFS levels from the source through residual arcs.
            level.fill(u32::MAX);
            let mut queue = VecDeque::new();
            for (i, l) in level.iter_mut().enumerate() {
                if self.src[i] > 0 {
                    *l = 0;
                    queue.push_back(i);
                }
            }
            let mut sink_level = u32::MAX;
            while let Some(u) = queue.pop_front() {
                if level[u] >= sink_level {
                    break;
                }
                if self.sink[u] > 0 {
                    sink_level = level[u] + 1;
                    continue;
                }
                for d in 0..4 {
                    if self.res[4 * u + d] > 0 {
                        if let Some(v) = self.neighbour(u, d) {
                            if level[v] == u32::MAX {
                                level[v] = level[u] + 1;
                                queue.push_back(v);
                            }
                        }
                    }
                }
            }
            if sink_level == u32::MAX {
                break;
            }
            // Blocking flow by iterative DFS with current-arc pointers.
            arc.fill(0);
            for s in 0..n {
                while self.src[s] > 0 && level[s] == 0 {
                    path.clear();
                    path.push(s);
                    let mut found = false;
                    while let Some(&u) = path.last() {
                        if self.sink[u] > 0 && level[u] + 1 == sink_level {
                            found = true;
                            break;
                        }
                        let mut advanced = false;
                        while arc[u] < 4 {
                            let d = arc[u] as usize;
                            if self.res[4 * u + d] > 0 {
                                if let Some(v) = self.neighbour(u, d) {
                                    if level[v] != u32::MAX && level[v] == level[u] + 1 && level[v] < sink_level {
                                        path.push(v);
                                        advanced = true;
                                        break;
                                    }
                                }
                            }
                            arc[u] += 1;
                        }
                        if !advanced {
                            // Dead end: no blocking path through u this phase.
                            level[u] = u32::MAX;
                            path.pop();
                            if let Some(&p) = path.last() {
                                arc[p] += 1;
                            }
                        }
                    }
                    if !found {
                        break;
                    }
                    let last = path[path.len() - 1];
                    let mut flow = self.src[s].min(self.sink[last]);
                    for k in 0..path.len() - 1 {
                        flow = flow.min(self.res[4 * path[k] + arc[path[k]] as usize]);
                    }
                    self.src[s] -= flow;
                    self.sink[last] -= flow;
                    for k in 0..path.len() - 1 {
                        let (u, d) = (path[k], arc[path[k]] as usize);
                        self.res[4 * u + d] -= flow;
                        self.res[4 * path[k + 1] + OPPOSITE[d]] += flow;
                    }
                }
            }
        }
        // Source side: reachable from the source in the residual graph.
        let mut side = vec![false; n];
        let mut queue: VecDeque<usize> = (0..n).filter(|&i| self.src[i] > 0).collect();
        for &i in &queue {
            side[i] = true;
        }
        while let Some(u) = queue.pop_front() {
            for d in 0..4 {
                if self.res[4 * u + d] > 0 {
                    if let Some(v) = self.neighbour(u, d) {
                        if !side[v] {
                            side[v] = true;
                            queue.push_back(v);
                        }
                    }
                }
            }
        }
        side
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force over all labellings of a tiny grid.
    fn brute_force(w: usize, h: usize, t: &[(i32, i32)], e: &[(usize, usize, i32)]) -> i64 {
        let n = w * h;
        (0u32..1 << n)
            .map(|bits| {
                let fg = |i: usize| bits >> i & 1 == 1;
                let mut cost: i64 = (0..n).map(|i| i64::from(if fg(i) { t[i].1 } else { t[i].0 })).sum();
                for &(i, d, c) in e {
                    let j = if d == 0 { i + 1 } else { i + w };
                    if fg(i) != fg(j) {
                        cost += i64::from(c);
                    }
                }
                cost
            })
            .min()
            .unwrap_or(0)
    }

    #[test]
    fn matches_brute_force_on_small_grids() {
        let mut seed = 12345u32;
        let mut rnd = |m: i32| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            ((seed >> 16) % m as u32) as i32
        };
        for _ in 0..40 {
            let (w, h) = (3, 3);
            let t: Vec<(i32, i32)> = (0..w * h).map(|_| (rnd(20), rnd(20))).collect();
            let mut e = Vec::new();
            for i in 0..w * h {
                if i % w + 1 < w {
                    e.push((i, 0, rnd(15)));
                }
                if i / w + 1 < h {
                    e.push((i, 1, rnd(15)));
                }
            }
            let mut g = GridCut::new(w, h);
            for (i, &(bg, fg)) in t.iter().enumerate() {
                g.set_terminals(i, bg, fg);
            }
            for &(i, d, c) in &e {
                g.set_edge(i, d, c);
            }
            let side = g.solve();
            let mut cost: i64 = (0..w * h).map(|i| i64::from(if side[i] { t[i].1 } else { t[i].0 })).sum();
            for &(i, d, c) in &e {
                let j = if d == 0 { i + 1 } else { i + w };
                if side[i] != side[j] {
                    cost += i64::from(c);
                }
            }
            assert_eq!(cost, brute_force(w, h, &t, &e), "terminals {t:?} edges {e:?}");
        }
    }
}
