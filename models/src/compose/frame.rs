//! Framing by the subject's own box: a packshot's placement is planned for
//! an upright product (its longer side fills `size` of the canvas, its base
//! on the template's ground line). A wide or flat product (a shoe, a
//! wallet, a laptop) placed by that rule fills a sliver of the frame and
//! sits low under an empty wall. Here it is enlarged until it covers the
//! share of the frame an upright product would, and lifted so its box's
//! centre sits on the frame's visual centre, never floating above the
//! surface it stands on.

use super::place::Placement;

/// The share of the canvas's area an upright product at `size` covers,
/// relative to `size²` (a bottle's box is about 0.6 as wide as tall).
const AREA_SHARE: f32 = 0.6;
/// The most a product may span across the canvas, either way.
const MAX_SPAN: f32 = 0.88;
/// The most a product is enlarged beyond the upright rule.
pub const MAX_GAIN: f32 = 1.45;
/// Where the eye puts the centre of a frame: a little below the middle.
const VISUAL_CENTRE_Y: f32 = 0.56;
/// How far a product may be lifted above the template's ground line while
/// still standing on the surface (table tops end 0.2 above the ground).
const MAX_LIFT: f32 = 0.14;

/// `placement` adjusted for a subject whose box is `subject` pixels
/// (width, height) on a `canvas`-sized picture.
pub fn frame_subject(placement: Placement, subject: (u32, u32), canvas: (u32, u32)) -> Placement {
    let (bw, bh) = (subject.0.max(1) as f32, subject.1.max(1) as f32);
    let (cw, ch) = (canvas.0.max(1) as f32, canvas.1.max(1) as f32);
    let size = placement.size.clamp(0.05, 0.98);
    // The upright rule's scale (as `place::product_rect` computes it).
    let fit = (size * cw / bw).min(size * ch / bh);
    let by_area = (AREA_SHARE * size * size * cw * ch / (bw * bh)).sqrt();
    let room_above = (placement.ground_y - 0.04).max(0.1) * ch / bh;
    let cap = (MAX_SPAN * cw / bw).min(MAX_SPAN * ch / bh).min(room_above).min(fit * MAX_GAIN);
    // Upright products keep the plan: their height already fills `size`.
    let scale = if bw > bh { fit.max(by_area.min(cap)) } else { fit };
    // Back into the `size` product_rect understands.
    let size = (scale * (bw / cw).max(bh / ch)).min(0.98);
    let height = bh * scale / ch;
    let centred_ground = VISUAL_CENTRE_Y + height / 2.0;
    let ground_y = centred_ground.clamp(placement.ground_y - MAX_LIFT, placement.ground_y);
    Placement { size, ground_y, ..placement }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: Placement = Placement { centre_x: 0.5, ground_y: 0.84, size: 0.55 };

    fn box_of(p: &Placement, subject: (u32, u32), canvas: (u32, u32)) -> (f32, f32, f32) {
        let (bw, bh) = (subject.0 as f32, subject.1 as f32);
        let (cw, ch) = (canvas.0 as f32, canvas.1 as f32);
        let s = (p.size * cw / bw).min(p.size * ch / bh);
        let (w, h) = (bw * s / cw, bh * s / ch);
        // (area share, height share, centre y)
        (w * h, h, p.ground_y - h / 2.0)
    }

    #[test]
    fn a_wide_flat_product_is_enlarged_and_lifted_to_the_visual_centre() {
        let shoe = (900, 300);
        let (before_area, _, before_centre) = box_of(&P, shoe, (1024, 1024));
        let framed = frame_subject(P, shoe, (1024, 1024));
        let (area, _, centre) = box_of(&framed, shoe, (1024, 1024));
        assert!(before_area < 0.11 && before_centre > 0.73, "{before_area} {before_centre}");
        assert!(area > 0.15, "fills more of the frame: {area}");
        assert!((0.54..=0.64).contains(&centre), "box centre near the visual centre: {centre}");
        assert!(framed.ground_y >= P.ground_y - MAX_LIFT - 1e-6, "still on the surface");
    }

    #[test]
    fn an_upright_product_keeps_its_plan() {
        let bottle = (300, 800);
        let framed = frame_subject(P, bottle, (1024, 1024));
        let (_, h, centre) = box_of(&framed, bottle, (1024, 1024));
        assert!((framed.size - P.size).abs() < 0.02, "{}", framed.size);
        assert!((h - 0.55).abs() < 0.02);
        assert!((0.5..=0.62).contains(&centre), "{centre}");
    }

    #[test]
    fn nothing_leaves_the_canvas() {
        for subject in [(2000, 100), (100, 2000), (500, 500), (1600, 900)] {
            for canvas in [(1024, 1024), (1280, 720), (720, 1280)] {
                let framed = frame_subject(P, subject, canvas);
                let (bw, bh) = (subject.0 as f32, subject.1 as f32);
                let (cw, ch) = (canvas.0 as f32, canvas.1 as f32);
                let s = (framed.size * cw / bw).min(framed.size * ch / bh);
                assert!(bw * s <= cw * 0.9 + 1.0 && bh * s <= ch * 0.9 + 1.0, "{subject:?} on {canvas:?}");
                assert!(framed.ground_y - bh * s / ch >= 0.0, "{subject:?} on {canvas:?} pokes out of the top");
            }
        }
    }
}
