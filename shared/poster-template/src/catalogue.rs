//! The built-in template library: JSON files under `templates/` beside this
//! crate, embedded in the binary. Tenants' own templates use the same format.

use std::sync::OnceLock;

use crate::error::PosterError;
use crate::template::{Category, Template};

/// Every built-in template: (file stem, JSON source).
const LIBRARY: &[(&str, &str)] = &[
    ("brand-story-elegant", include_str!("../templates/brand-story-elegant.json")),
    ("discount-clearance", include_str!("../templates/discount-clearance.json")),
    ("discount-coupon-wide", include_str!("../templates/discount-coupon-wide.json")),
    ("discount-red-burst", include_str!("../templates/discount-red-burst.json")),
    ("festival-double-eleven", include_str!("../templates/festival-double-eleven.json")),
    ("festival-mid-autumn", include_str!("../templates/festival-mid-autumn.json")),
    ("festival-spring-vertical", include_str!("../templates/festival-spring-vertical.json")),
    ("festival-valentine", include_str!("../templates/festival-valentine.json")),
    ("hero-dark-spotlight", include_str!("../templates/hero-dark-spotlight.json")),
    ("hero-gradient-square", include_str!("../templates/hero-gradient-square.json")),
    ("hero-marble-counter", include_str!("../templates/hero-marble-counter.json")),
    ("hero-nature-wide", include_str!("../templates/hero-nature-wide.json")),
    ("multi-product-grid-4", include_str!("../templates/multi-product-grid-4.json")),
    ("multi-product-trio", include_str!("../templates/multi-product-trio.json")),
    ("new-arrival-minimal", include_str!("../templates/new-arrival-minimal.json")),
    ("redbook-cover-bold-yellow", include_str!("../templates/redbook-cover-bold-yellow.json")),
    ("redbook-cover-clean", include_str!("../templates/redbook-cover-clean.json")),
    ("redbook-cover-vertical", include_str!("../templates/redbook-cover-vertical.json")),
    ("shop-main-promo", include_str!("../templates/shop-main-promo.json")),
    ("shop-main-white", include_str!("../templates/shop-main-white.json")),
    ("story-event-qr", include_str!("../templates/story-event-qr.json")),
    ("story-flash-drop", include_str!("../templates/story-flash-drop.json")),
    ("story-new-arrival-pastel", include_str!("../templates/story-new-arrival-pastel.json")),
    ("story-sale-countdown", include_str!("../templates/story-sale-countdown.json")),
    ("wechat-header-blue", include_str!("../templates/wechat-header-blue.json")),
    ("wechat-header-festival", include_str!("../templates/wechat-header-festival.json")),
];

/// The built-in templates' sources, as (file stem, JSON).
pub fn library_sources() -> &'static [(&'static str, &'static str)] {
    LIBRARY
}

/// The built-in templates, parsed and validated once per process (every
/// listing and submission reads them), in file order.
pub fn library() -> Result<&'static [Template], PosterError> {
    static PARSED: OnceLock<Result<Vec<Template>, PosterError>> = OnceLock::new();
    PARSED
        .get_or_init(|| LIBRARY.iter().map(|(_, json)| Template::from_json(json)).collect())
        .as_ref()
        .map(Vec::as_slice)
        .map_err(Clone::clone)
}

/// The built-in template of that id, if there is one.
pub fn library_template(id: &str) -> Result<Option<&'static Template>, PosterError> {
    Ok(library()?.iter().find(|t| t.id == id))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_category_is_named_as_serde_names_it_and_parses_back() {
        for c in Category::ALL {
            assert_eq!(serde_json::to_value(c).unwrap(), serde_json::Value::String(c.as_str().to_owned()));
            assert_eq!(Category::parse(c.as_str()), Some(c));
        }
        assert_eq!(Category::parse("poster"), None);
    }

    #[test]
    fn the_library_parses_and_search_narrows_it() {
        let all = library().unwrap();
        assert!(all.len() >= 24, "{}", all.len());
        assert_eq!(search(all, "", None).len(), all.len());
        let festival = search(all, "", Some(Category::Festival));
        assert!(!festival.is_empty() && festival.iter().all(|t| t.category == Category::Festival));
        assert!(search(all, "no-such-word-anywhere", None).is_empty());
    }
}
