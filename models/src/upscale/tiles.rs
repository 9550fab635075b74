//! Tile plan for a ×N super-resolution model: the image is cut into cores
//! of at most `tile`×`tile` pixels that cover it exactly once; each core is
//! run with `overlap` pixels of context on every side (clamped at the
//! image's edges) and only the core's part of the output is kept, so tile
//! seams get the same context as the interior. Memory is bounded by the
//! largest tile input, `(tile + 2·overlap)²`, whatever the image size.

/// A rectangle in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rect {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

/// One tile: `input` is what the model sees, `core` the part of the image
/// this tile is responsible for (inside `input`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tile {
    pub input: Rect,
    pub core: Rect,
}

impl Tile {
    /// Where the core lies in the model's output for this tile, at `scale`.
    pub fn core_in_output(&self, scale: u32) -> Rect {
        Rect {
            x: (self.core.x - self.input.x) * scale,
            y: (self.core.y - self.input.y) * scale,
            width: self.core.width * scale,
            height: self.core.height * scale,
        }
    }
}

/// Splits a `width`×`height` image into tiles (row-major). `tile` is at
/// least 1. An empty image has no tiles.
pub fn plan_tiles(width: u32, height: u32, tile: u32, overlap: u32) -> Vec<Tile> {
    let tile = tile.max(1);
    let mut tiles = Vec::new();
    for (cy, ch) in spans(height, tile) {
        for (cx, cw) in spans(width, tile) {
            let x0 = cx.saturating_sub(overlap);
            let y0 = cy.saturating_sub(overlap);
            let x1 = (cx + cw + overlap).min(width);
            let y1 = (cy + ch + overlap).min(height);
            tiles.push(Tile {
                input: Rect { x: x0, y: y0, width: x1 - x0, height: y1 - y0 },
                core: Rect { x: cx, y: cy, width: cw, height: ch },
            });
        }
    }
    tiles
}

/// `len` split into pieces of at most `step`, as (start, length).
fn spans(len: u32, step: u32) -> impl Iterator<Item = (u32, u32)> {
    (0..len.div_ceil(step)).map(move |i| {
        let start = i * step;
        (start, step.min(len - start))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cores_cover_the_image_exactly_once() {
        for (w, h, tile, overlap) in [(512, 512, 128, 16), (130, 77, 64, 8), (1, 1, 256, 16), (300, 20, 7, 3)] {
            let mut hits = vec![0u8; (w * h) as usize];
            for t in plan_tiles(w, h, tile, overlap) {
                for y in t.core.y..t.core.y + t.core.height {
                    for x in t.core.x..t.core.x + t.core.width {
                        hits[(y * w + x) as usize] += 1;
                    }
                }
                // The core lies inside the input, the input inside the image.
                assert!(t.input.x <= t.core.x && t.core.x + t.core.width <= t.input.x + t.input.width);
                assert!(t.input.y <= t.core.y && t.core.y + t.core.height <= t.input.y + t.input.height);
                assert!(t.input.x + t.input.width <= w && t.input.y + t.input.height <= h);
            }
            assert!(hits.iter().all(|&n| n == 1), "{w}x{h} tile {tile}");
        }
    }

    #[test]
    fn memory_is_bounded_by_the_tile_not_the_image() {
        // A 4000×3000 photo with 256-px tiles: no model input exceeds
        // (256 + 2·16)² pixels, the same bound as for a 512×512 image.
        let bound = (256 + 2 * 16) * (256 + 2 * 16);
        for (w, h) in [(4000u32, 3000u32), (512, 512)] {
            let tiles = plan_tiles(w, h, 256, 16);
            let largest = tiles.iter().map(|t| t.input.width * t.input.height).max().unwrap_or(0);
            assert!(largest <= bound, "{w}x{h}: {largest} > {bound}");
        }
        assert_eq!(plan_tiles(4000, 3000, 256, 16).len(), 16 * 12);
    }

    #[test]
    fn interior_tiles_get_full_context_and_output_offsets_scale() {
        let tiles = plan_tiles(512, 512, 128, 16);
        assert_eq!(tiles.len(), 16);
        let inner = tiles[5]; // row 1, column 1
        assert_eq!(inner.core, Rect { x: 128, y: 128, width: 128, height: 128 });
        assert_eq!(inner.input, Rect { x: 112, y: 112, width: 160, height: 160 });
        assert_eq!(inner.core_in_output(4), Rect { x: 64, y: 64, width: 512, height: 512 });
        let corner = tiles[0];
        assert_eq!(corner.input, Rect { x: 0, y: 0, width: 144, height: 144 });
        assert_eq!(corner.core_in_output(4), Rect { x: 0, y: 0, width: 512, height: 512 });
        assert!(plan_tiles(0, 10, 64, 8).is_empty());
    }
}
