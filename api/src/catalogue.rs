//! The product catalogue: membership plans and top-up packs with their
//! prices. Loaded once at startup from a TOML file (a default ships with the
//! API), checked, and read by the products and orders routes.

use std::path::Path;

use pixmart_shared::domain::{Lingshi, ProductKind, Tier};
use pixmart_shared::Lang;
use serde::Deserialize;

const DEFAULT_PRODUCTS: &str = include_str!("../config/products.toml");

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct CatalogueFile {
    #[serde(default)]
    plan: Vec<PlanEntry>,
    #[serde(default)]
    pack: Vec<PackEntry>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlanEntry {
    id: String,
    tier: String,
    months: u32,
    price_fen: i64,
    name_zh: String,
    name_en: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct PackEntry {
    id: String,
    lingshi: u32,
    price_fen: i64,
    name_zh: String,
    name_en: String,
}

/// One thing that can be bought.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Product {
    pub id: String,
    pub kind: ProductKind,
    /// A plan's tier (packs have none).
    pub tier: Option<Tier>,
    /// A plan's length in months (0 for packs).
    pub months: u32,
    /// A pack's lingshi, or a plan's monthly gift.
    pub lingshi: Lingshi,
    pub price_fen: i64,
    name_zh: String,
    name_en: String,
}

impl Product {
    pub fn name(&self, lang: Lang) -> &str {
        match lang {
            Lang::Zh => &self.name_zh,
            Lang::En => &self.name_en,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Catalogue {
    products: Vec<Product>,
}

#[derive(Debug, thiserror::Error)]
pub enum CatalogueError {
    #[error("cannot read {0}: {1}")]
    Read(String, std::io::Error),
    #[error("invalid products file: {0}")]
    Parse(#[from] toml::de::Error),
    #[error("invalid product {0}: {1}")]
    Invalid(String, &'static str),
}

impl Catalogue {
    /// The file named in the settings, or the shipped catalogue.
    pub fn load(file: Option<&Path>) -> Result<Catalogue, CatalogueError> {
        let text = match file {
            Some(path) => {
                std::fs::read_to_string(path).map_err(|e| CatalogueError::Read(path.display().to_string(), e))?
            }
            None => DEFAULT_PRODUCTS.to_owned(),
        };
        Catalogue::parse(&text)
    }

    pub fn parse(text: &str) -> Result<Catalogue, CatalogueError> {
        let file: CatalogueFile = toml::from_str(text)?;
        let mut products = Vec::new();
        for p in file.plan {
            let bad = |why| CatalogueError::Invalid(p.id.clone(), why);
            let tier = Tier::parse(&p.tier).ok_or_else(|| bad("unknown tier"))?;
            // Enterprise is negotiated; free is not sold.
            let gift = tier.monthly_gift().ok_or_else(|| bad("tier is not sold as a plan"))?;
            if !(1..=36).contains(&p.months) {
                return Err(bad("months must be 1 to 36"));
            }
            products.push(Product {
                id: p.id,
                kind: ProductKind::Plan,
                tier: Some(tier),
                months: p.months,
                lingshi: gift,
                price_fen: p.price_fen,
                name_zh: p.name_zh,
                name_en: p.name_en,
            });
        }
        for p in file.pack {
            if p.lingshi == 0 {
                return Err(CatalogueError::Invalid(p.id, "a pack needs lingshi"));
            }
            products.push(Product {
                id: p.id,
                kind: ProductKind::Pack,
                tier: None,
                months: 0,
                lingshi: Lingshi::new(p.lingshi),
                price_fen: p.price_fen,
                name_zh: p.name_zh,
                name_en: p.name_en,
            });
        }
        for (i, p) in products.iter().enumerate() {
            let valid_id =
                !p.id.is_empty() && p.id.len() <= 64 && p.id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
            if !valid_id {
                return Err(CatalogueError::Invalid(p.id.clone(), "ids are 1 to 64 letters, digits or dashes"));
            }
            if p.price_fen <= 0 {
                return Err(CatalogueError::Invalid(p.id.clone(), "price must be positive"));
            }
            if products[..i].iter().any(|q| q.id == p.id) {
                return Err(CatalogueError::Invalid(p.id.clone(), "duplicate id"));
            }
        }
        Ok(Catalogue { products })
    }

    pub fn get(&self, id: &str) -> Option<&Product> {
        self.products.iter().find(|p| p.id == id)
    }

    pub fn of_kind(&self, kind: ProductKind) -> impl Iterator<Item = &Product> {
        self.products.iter().filter(move |p| p.kind == kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_catalogue_loads() {
        let c = Catalogue::load(None).unwrap();
        assert_eq!(c.of_kind(ProductKind::Plan).count(), 8);
        let pack = c.get("pack-1000").unwrap();
        assert_eq!((pack.kind, pack.lingshi, pack.tier), (ProductKind::Pack, Lingshi::new(1000), None));
        let plan = c.get("professional-month").unwrap();
        assert_eq!((plan.tier, plan.months, plan.lingshi), (Some(Tier::Professional), 1, Lingshi::new(15_000)));
        assert_eq!(plan.name(Lang::En), "Professional (monthly)");
    }

    #[test]
    fn bad_catalogues_are_refused() {
        let enterprise = "[[plan]]\nid='e'\ntier='enterprise'\nmonths=1\nprice_fen=1\nname_zh='x'\nname_en='x'";
        assert!(matches!(Catalogue::parse(enterprise), Err(CatalogueError::Invalid(_, _))));
        let dup = "[[pack]]\nid='a'\nlingshi=1\nprice_fen=1\nname_zh='x'\nname_en='x'\n[[pack]]\nid='a'\nlingshi=2\nprice_fen=1\nname_zh='x'\nname_en='x'";
        assert!(matches!(Catalogue::parse(dup), Err(CatalogueError::Invalid(_, "duplicate id"))));
        assert!(Catalogue::parse("[[pack]]\nid='a'\nunknown=1").is_err());
    }
}
