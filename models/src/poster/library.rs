//! The built-in template library: JSON files under `models/templates/posters/`,
//! embedded in the binary. Tenants' own templates use the same format.

use image::RgbaImage;

use super::error::PosterError;
use super::render::PosterInputs;
use super::samples::{backdrop, logo, product, SampleProduct};
use super::template::{Background, Category, ImageRole, Layer, Template};

/// Every built-in template: (file stem, JSON source).
const LIBRARY: &[(&str, &str)] = &[
    ("brand-story-elegant", include_str!("../../templates/posters/brand-story-elegant.json")),
    ("discount-clearance", include_str!("../../templates/posters/discount-clearance.json")),
    ("discount-coupon-wide", include_str!("../../templates/posters/discount-coupon-wide.json")),
    ("discount-red-burst", include_str!("../../templates/posters/discount-red-burst.json")),
    ("festival-double-eleven", include_str!("../../templates/posters/festival-double-eleven.json")),
    ("festival-mid-autumn", include_str!("../../templates/posters/festival-mid-autumn.json")),
    ("festival-spring-vertical", include_str!("../../templates/posters/festival-spring-vertical.json")),
    ("festival-valentine", include_str!("../../templates/posters/festival-valentine.json")),
    ("hero-dark-spotlight", include_str!("../../templates/posters/hero-dark-spotlight.json")),
    ("hero-gradient-square", include_str!("../../templates/posters/hero-gradient-square.json")),
    ("hero-nature-wide", include_str!("../../templates/posters/hero-nature-wide.json")),
    ("multi-product-grid-4", include_str!("../../templates/posters/multi-product-grid-4.json")),
    ("multi-product-trio", include_str!("../../templates/posters/multi-product-trio.json")),
    ("new-arrival-minimal", include_str!("../../templates/posters/new-arrival-minimal.json")),
    ("redbook-cover-bold-yellow", include_str!("../../templates/posters/redbook-cover-bold-yellow.json")),
    ("redbook-cover-clean", include_str!("../../templates/posters/redbook-cover-clean.json")),
    ("redbook-cover-vertical", include_str!("../../templates/posters/redbook-cover-vertical.json")),
    ("shop-main-promo", include_str!("../../templates/posters/shop-main-promo.json")),
    ("shop-main-white", include_str!("../../templates/posters/shop-main-white.json")),
    ("story-event-qr", include_str!("../../templates/posters/story-event-qr.json")),
    ("story-flash-drop", include_str!("../../templates/posters/story-flash-drop.json")),
    ("story-new-arrival-pastel", include_str!("../../templates/posters/story-new-arrival-pastel.json")),
    ("story-sale-countdown", include_str!("../../templates/posters/story-sale-countdown.json")),
    ("wechat-header-blue", include_str!("../../templates/posters/wechat-header-blue.json")),
    ("wechat-header-festival", include_str!("../../templates/posters/wechat-header-festival.json")),
];

/// The built-in templates' sources, as (file stem, JSON).
pub fn library_sources() -> &'static [(&'static str, &'static str)] {
    LIBRARY
}

/// The built-in templates, parsed and validated, in file order.
pub fn library() -> Result<Vec<Template>, PosterError> {
    LIBRARY.iter().map(|(_, json)| Template::from_json(json)).collect()
}

/// Templates of `category` (all when `None`) whose id, names or keywords
/// contain every word of `query` (case-insensitive; empty matches all).
pub fn search<'a>(templates: &'a [Template], query: &str, category: Option<Category>) -> Vec<&'a Template> {
    let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
    templates
        .iter()
        .filter(|t| category.is_none_or(|c| t.category == c))
        .filter(|t| {
            let hay = format!("{} {} {} {}", t.id, t.name.zh, t.name.en, t.keywords.join(" ")).to_lowercase();
            words.iter().all(|w| hay.contains(w.as_str()))
        })
        .collect()
}

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
