//! Sample inputs for the built-in templates (tests, the bench and previews):
//! drawn products, a logo and a backdrop in their image slots.

use image::RgbaImage;

use super::render::PosterInputs;
use super::samples::{backdrop, logo, product, SampleProduct};
use pixmart_poster_template::{Background, Category, ImageRole, Layer, Template};

/// Sample inputs for a template: drawn products, a logo and a backdrop in
/// its image slots; its texts keep their defaults.
pub fn sample_inputs(template: &Template) -> PosterInputs {
    let mut inputs = PosterInputs::default();
    // Festive templates show the gift box first, wide ones the jar.
    let first = match template.category {
        Category::Festival | Category::Discount => 2,
        Category::WechatHeader | Category::ShopMain => 1,
        _ => 0,
    };
    let mut products = SampleProduct::ALL.iter().cycle().skip(first);
    for layer in &template.layers {
        if let Layer::Image(l) = layer {
            let (w, h) = (l.r#box.w.round().max(1.0) as u32, l.r#box.h.round().max(1.0) as u32);
            let picture: RgbaImage = match l.role {
                ImageRole::Product => {
                    let kind = *products.next().unwrap_or(&SampleProduct::Bottle);
                    let side = w.max(h).clamp(64, 1200);
                    product(kind, side * 3 / 4, side)
                }
                ImageRole::Logo => logo(w.min(h).clamp(32, 512)),
                ImageRole::Decoration => backdrop(w.clamp(32, 1600), h.clamp(32, 1600)),
            };
            inputs.images.insert(l.id.clone(), picture);
        }
    }
    if let Background::Image { slot, .. } = &template.background {
        inputs.images.insert(slot.clone(), backdrop(template.canvas.width, template.canvas.height));
    }
    inputs
}
