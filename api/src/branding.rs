//! White-label brands: which name, colours, menu groups and routes the UI
//! shows. Loaded once at startup from a TOML file (a default ships with the
//! API); a signed-in user's tenant (database) refines it per request.

use std::collections::BTreeMap;
use std::path::Path;

use pixmart_shared::db::store::tenants::TenantRecord;
use pixmart_shared::domain::tenant::{ChromeSwitches, EnterpriseService, EntrySwitches};
use serde::{Deserialize, Serialize};

const DEFAULT_BRANDS: &str = include_str!("../config/brands.toml");

/// The top-bar groups a brand may name: the web's list
/// (web/src/app/routes/menuGroups.json), so the two cannot differ.
pub static MENU_GROUPS: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
    serde_json::from_str(include_str!("../../web/src/app/routes/menuGroups.json")).unwrap_or_default()
});

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BrandsFile {
    default: String,
    brand: Vec<Brand>,
}

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Brand {
    pub id: String,
    pub name: String,
    pub primary_color: String,
    #[serde(default)]
    pub logo_url: Option<String>,
    #[serde(default)]
    pub contact: Option<String>,
    #[serde(default)]
    pub tutorial_url: Option<String>,
    /// Request hosts that select this brand.
    #[serde(default)]
    pub hosts: Vec<String>,
    pub menu_groups: Vec<String>,
    pub routes: Vec<String>,
    #[serde(default)]
    pub hidden_header_paths: Vec<String>,
    #[serde(default)]
    pub hidden_sidebar_paths: Vec<String>,
    #[serde(default)]
    pub referrers: BTreeMap<String, ChromeSwitches>,
    #[serde(default)]
    pub custom_image: bool,
    /// A partner host may sign its users in with a link carrying
    /// `?token=`. Off by default: anywhere else such a link would let
    /// whoever made it sign a visitor into the maker's account. Needs
    /// `hosts`, and applies only when the brand is chosen by host.
    #[serde(default)]
    pub url_token_login: bool,
    /// Where the enterprise-service button sends a visitor after taking
    /// their contact details (tenants may override it or go to /mott).
    #[serde(default)]
    pub enterprise_service_url: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum BrandingError {
    #[error("cannot read brands file {path}: {source}")]
    Read { path: String, source: std::io::Error },
    #[error("invalid brands file: {0}")]
    Parse(String),
    #[error("brand {brand:?}: {problem}")]
    Invalid { brand: String, problem: String },
}

/// All brands and the default one.
#[derive(Debug, Clone)]
pub struct Brands {
    brands: Vec<Brand>,
    default_index: usize,
}

impl Brands {
    /// The brands in `file`, or the shipped default when `None`.
    pub fn load(file: Option<&Path>) -> Result<Self, BrandingError> {
        let text = match file {
            Some(path) => std::fs::read_to_string(path)
                .map_err(|source| BrandingError::Read { path: path.display().to_string(), source })?,
            None => DEFAULT_BRANDS.to_owned(),
        };
        Self::parse(&text)
    }

    pub fn parse(text: &str) -> Result<Self, BrandingError> {
        let file: BrandsFile = toml::from_str(text).map_err(|e| BrandingError::Parse(e.to_string()))?;
        for b in &file.brand {
            let invalid = |problem: String| BrandingError::Invalid { brand: b.id.clone(), problem };
            if let Some(g) = b.menu_groups.iter().find(|g| !MENU_GROUPS.contains(g)) {
                return Err(invalid(format!("unknown menu group {g:?}")));
            }
            if let Some(r) = b.routes.iter().find(|r| !r.starts_with('/')) {
                return Err(invalid(format!("route {r:?} must start with /")));
            }
            let hex = b.primary_color.strip_prefix('#').unwrap_or_default();
            if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
                return Err(invalid(format!("primary_color {:?} is not #rrggbb", b.primary_color)));
            }
            if b.url_token_login && b.hosts.is_empty() {
                return Err(invalid("url_token_login needs the partner's hosts".to_owned()));
            }
        }
        let default_index = file
            .brand
            .iter()
            .position(|b| b.id == file.default)
            .ok_or_else(|| BrandingError::Parse(format!("default brand {:?} is not defined", file.default)))?;
        Ok(Brands { brands: file.brand, default_index })
    }

    /// The brand named by id, else the one whose hosts include `host`,
    /// else the default.
    pub fn select(&self, id: Option<&str>, host: Option<&str>) -> &Brand {
        let by_id = id.and_then(|id| self.brands.iter().find(|b| b.id == id));
        by_id.or_else(|| self.by_host(host)).unwrap_or(&self.brands[self.default_index])
    }

    /// The brand whose hosts include `host` (port ignored, any case); none
    /// when no brand lists it (the default brand is not "chosen by host").
    pub fn by_host(&self, host: Option<&str>) -> Option<&Brand> {
        let host = host.map(|h| h.split(':').next().unwrap_or(h))?;
        self.brands.iter().find(|b| b.hosts.iter().any(|x| x.eq_ignore_ascii_case(host)))
    }
}

/// The brand a request is for: by its `Host` header (or the HTTP/2
/// authority) matched against the configured brand hosts, else the
/// default. `X-Forwarded-Host` and `Forwarded` are ignored: a client sets
/// them freely, and a reverse proxy in front passes the real `Host` on.
pub fn brand_of_request<'a>(brands: &'a Brands, req: &actix_web::HttpRequest) -> &'a Brand {
    brands.select(None, request_host(req))
}

/// The `Host` header, or the URI's authority (HTTP/2), never a forwarded one.
pub fn request_host(req: &actix_web::HttpRequest) -> Option<&str> {
    req.headers().get(actix_web::http::header::HOST).and_then(|h| h.to_str().ok()).or_else(|| req.uri().host())
}

/// `GET /api/config` data: the brand, refined by the signed-in user's
/// tenant when there is one.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfigDto<'a> {
    pub brand: BrandDto<'a>,
    pub menu_groups: Vec<String>,
    pub routes: Vec<String>,
    pub hidden: HiddenDto<'a>,
    pub referrers: BTreeMap<String, ChromeSwitches>,
    pub flags: FlagsDto,
    /// The caller's tenant, `null` for visitors and users without one.
    pub tenant: Option<TenantDto>,
    /// Chrome hidden for everyone seeing this config (a tenant's choice);
    /// referrers add to it.
    pub chrome: ChromeSwitches,
    /// Which entries the shell shows (invite, messages, enterprise
    /// service) and whether the logo navigates home.
    pub entries: EntrySwitches,
    /// What the enterprise-service button does.
    pub enterprise_service: EnterpriseService,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrandDto<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub logo_url: Option<&'a str>,
    pub primary_color: &'a str,
    pub contact: Option<&'a str>,
    pub tutorial_url: Option<&'a str>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HiddenDto<'a> {
    pub header_paths: &'a [String],
    pub sidebar_paths: &'a [String],
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FlagsDto {
    pub customized_image: bool,
    /// The UI may adopt a `?token=` from its address (a partner host).
    pub url_token_login: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenantDto {
    pub id: i64,
    pub name: String,
    pub icon: Option<String>,
    pub company_name: Option<String>,
    pub enterprise: bool,
}

impl<'a> ConfigDto<'a> {
    /// The plain brand: what visitors and users outside any tenant get.
    pub fn of(b: &'a Brand) -> Self {
        ConfigDto {
            brand: BrandDto {
                id: &b.id,
                name: &b.name,
                logo_url: b.logo_url.as_deref(),
                primary_color: &b.primary_color,
                contact: b.contact.as_deref(),
                tutorial_url: b.tutorial_url.as_deref(),
            },
            menu_groups: b.menu_groups.clone(),
            routes: b.routes.clone(),
            hidden: HiddenDto { header_paths: &b.hidden_header_paths, sidebar_paths: &b.hidden_sidebar_paths },
            referrers: b.referrers.clone(),
            flags: FlagsDto { customized_image: b.custom_image, url_token_login: false },
            tenant: None,
            chrome: ChromeSwitches::default(),
            entries: EntrySwitches::default(),
            enterprise_service: EnterpriseService::Contact { url: b.enterprise_service_url.clone() },
        }
    }

    /// The brand with a tenant's switches laid over it: the tenant's menu
    /// groups and routes replace the brand's when set (unknown groups are
    /// dropped), its hidden routes are removed, its chrome, entries and
    /// enterprise-service action apply, and its referrers add to (or
    /// replace) the brand's. The brand's name, colours and logo stay: the
    /// tenant's own name and icon travel in `tenant`.
    pub fn with_tenant(mut self, t: &TenantRecord) -> Self {
        let s = &t.switches;
        if let Some(groups) = &s.menu_groups {
            self.menu_groups = groups.iter().filter(|g| MENU_GROUPS.contains(g)).cloned().collect();
        }
        if let Some(routes) = &s.routes {
            self.routes = routes.clone();
        }
        self.routes.retain(|r| !s.hidden_routes.contains(r));
        for (name, r) in &s.referrers {
            self.referrers.insert(name.clone(), *r);
        }
        self.chrome = s.chrome;
        self.entries = s.entries;
        self.enterprise_service = match &s.enterprise_service {
            EnterpriseService::Contact { url: None } => self.enterprise_service,
            other => other.clone(),
        };
        self.tenant = Some(TenantDto {
            id: t.id,
            name: t.name.clone(),
            icon: t.icon.clone(),
            company_name: t.company_name.clone(),
            enterprise: t.enterprise,
        });
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_menu_groups_file_is_read() {
        assert_eq!(MENU_GROUPS.len(), 15);
        assert!(MENU_GROUPS.iter().any(|g| g == "ai-photo"));
    }

    #[test]
    fn shipped_brands_load_and_select() {
        let brands = Brands::load(None).unwrap();
        assert_eq!(brands.select(None, None).id, "pixmart");
        assert_eq!(brands.select(Some("modi-demo"), None).name, "MODI Demo");
        assert_eq!(brands.select(Some("nope"), None).id, "pixmart");
    }

    #[test]
    fn hosts_select_a_brand() {
        let text = r##"
default = "a"
[[brand]]
id = "a"
name = "A"
primary_color = "#2352d8"
menu_groups = ["home"]
routes = ["/"]
[[brand]]
id = "b"
name = "B"
primary_color = "#000000"
hosts = ["b.example.com"]
menu_groups = ["home"]
routes = ["/"]
"##;
        let brands = Brands::parse(text).unwrap();
        assert_eq!(brands.select(None, Some("b.example.com:8080")).id, "b");
        assert_eq!(brands.select(Some("a"), Some("b.example.com")).id, "a");
        // The default brand serves unlisted hosts but is not chosen by them.
        assert_eq!(brands.select(None, Some("127.0.0.1:8080")).id, "a");
        assert!(brands.by_host(Some("127.0.0.1:8080")).is_none());
        assert_eq!(brands.by_host(Some("B.EXAMPLE.COM")).map(|b| b.id.as_str()), Some("b"));
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        let bad_group = "default = \"a\"\n[[brand]]\nid = \"a\"\nname = \"A\"\nprimary_color = \"#2352d8\"\nmenu_groups = [\"casino\"]\nroutes = [\"/\"]\n";
        assert!(Brands::parse(bad_group).unwrap_err().to_string().contains("casino"));
        let bad_colour = bad_group.replace("casino", "home").replace("#2352d8", "blue");
        assert!(Brands::parse(&bad_colour).unwrap_err().to_string().contains("primary_color"));
        let no_default = bad_group.replace("casino", "home").replace("default = \"a\"", "default = \"z\"");
        assert!(Brands::parse(&no_default).is_err());
    }
}
