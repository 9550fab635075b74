//! Tenants: an enterprise customer whose members see their own name, icon
//! and feature switches. The switches refine the brand the request came
//! through; anything a tenant leaves unset keeps the brand's value.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::message::safe_url;
use super::Invalid;
use crate::error::ErrorCode;

/// The operator-facing key of a tenant (`visa`, `yili`, `kos-demo`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TenantSlug(String);

impl TenantSlug {
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let s = raw.trim();
        let ok = (1..=64).contains(&s.len())
            && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
        if ok {
            Ok(TenantSlug(s.to_owned()))
        } else {
            Err(Invalid::field(ErrorCode::TenantInvalid, "slug"))
        }
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Parts of the page chrome a tenant or a referrer hides. camelCase in
/// JSON (tenant switches, `/api/config`); the brands file writes the
/// same keys in snake_case.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChromeSwitches {
    #[serde(default, alias = "hide_header")]
    pub hide_header: bool,
    #[serde(default, alias = "hide_sidebar")]
    pub hide_sidebar: bool,
    #[serde(default, alias = "hide_float")]
    pub hide_float: bool,
    /// Hides the lingshi balance (`hidePoints`: the original app's name).
    #[serde(default, rename = "hidePoints", alias = "hide_points")]
    pub hide_lingshi: bool,
    #[serde(default, alias = "hide_enterprise_service")]
    pub hide_enterprise_service: bool,
}

impl ChromeSwitches {
    /// Hidden if either hides it.
    pub fn union(self, o: ChromeSwitches) -> ChromeSwitches {
        ChromeSwitches {
            hide_header: self.hide_header || o.hide_header,
            hide_sidebar: self.hide_sidebar || o.hide_sidebar,
            hide_float: self.hide_float || o.hide_float,
            hide_lingshi: self.hide_lingshi || o.hide_lingshi,
            hide_enterprise_service: self.hide_enterprise_service || o.hide_enterprise_service,
        }
    }
}

/// Which entries the shell shows. All on unless switched off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EntrySwitches {
    #[serde(default = "yes")]
    pub invite: bool,
    #[serde(default = "yes")]
    pub messages: bool,
    #[serde(default = "yes")]
    pub enterprise_service: bool,
    /// Whether clicking the logo goes home.
    #[serde(default = "yes")]
    pub logo_navigates: bool,
}

fn yes() -> bool {
    true
}

impl Default for EntrySwitches {
    fn default() -> Self {
        EntrySwitches { invite: true, messages: true, enterprise_service: true, logo_navigates: true }
    }
}

/// What the enterprise-service button does: open the marketing area
/// (`/mott`), or take the visitor's contact details (the lead form) and
/// then leave for an external page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "mode", rename_all = "camelCase", deny_unknown_fields)]
pub enum EnterpriseService {
    Mott,
    Contact {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        url: Option<String>,
    },
}

impl Default for EnterpriseService {
    fn default() -> Self {
        EnterpriseService::Contact { url: None }
    }
}

/// A tenant's feature switches, stored as JSON.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TenantSwitches {
    /// Replaces the brand's menu groups when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub menu_groups: Option<Vec<String>>,
    /// Replaces the brand's routes when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub routes: Option<Vec<String>>,
    /// Paths removed from whatever routes apply.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hidden_routes: Vec<String>,
    /// Chrome hidden for every member of the tenant.
    #[serde(default)]
    pub chrome: ChromeSwitches,
    #[serde(default)]
    pub entries: EntrySwitches,
    #[serde(default)]
    pub enterprise_service: EnterpriseService,
    /// Extra referrer settings, merged over the brand's.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub referrers: BTreeMap<String, ChromeSwitches>,
    /// The tenant refuses models whose licence forbids commercial use: its
    /// members' tasks of a type only such models serve are refused
    /// (`MODEL_NOT_ALLOWED`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub refuse_non_commercial_models: bool,
}

impl TenantSwitches {
    /// Parses and checks stored or operator-given JSON: routes are paths,
    /// menu groups are among `known_groups`, the external URL is http(s).
    pub fn parse<G: AsRef<str>>(json: &str, known_groups: &[G]) -> Result<Self, Invalid> {
        let s: TenantSwitches =
            serde_json::from_str(json).map_err(|_| Invalid::field(ErrorCode::TenantInvalid, "switches"))?;
        s.check(known_groups)?;
        Ok(s)
    }

    pub fn check<G: AsRef<str>>(&self, known_groups: &[G]) -> Result<(), Invalid> {
        let bad = |f| Invalid::field(ErrorCode::TenantInvalid, f);
        let paths = self.routes.iter().flatten().chain(&self.hidden_routes);
        if paths.into_iter().any(|r| !r.starts_with('/')) {
            return Err(bad("routes"));
        }
        if self.menu_groups.iter().flatten().any(|g| !known_groups.iter().any(|k| k.as_ref() == g)) {
            return Err(bad("menuGroups"));
        }
        if let EnterpriseService::Contact { url: Some(u) } = &self.enterprise_service {
            if safe_url(u).is_none() {
                return Err(bad("enterpriseService"));
            }
        }
        Ok(())
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_switches_keep_everything_on() {
        let s = TenantSwitches::parse::<&str>("{}", &[]).unwrap();
        assert!(s.entries.invite && s.entries.messages && s.entries.enterprise_service && s.entries.logo_navigates);
        assert_eq!(s.enterprise_service, EnterpriseService::Contact { url: None });
    }

    #[test]
    fn round_trips_and_checks() {
        let json = r#"{"menuGroups":["home"],"hiddenRoutes":["/ai-video"],"entries":{"invite":false,"messages":false},
            "enterpriseService":{"mode":"mott"},"chrome":{"hidePoints":true}}"#;
        let s = TenantSwitches::parse(json, &["home"]).unwrap();
        assert!(!s.entries.invite && s.entries.logo_navigates && s.chrome.hide_lingshi);
        assert_eq!(TenantSwitches::parse(&s.to_json(), &["home"]).unwrap(), s);
        assert!(TenantSwitches::parse(json, &["ai-photo"]).is_err());
        assert!(TenantSwitches::parse::<&str>(r#"{"routes":["nope"]}"#, &[]).is_err());
        assert!(TenantSwitches::parse::<&str>(r#"{"enterpriseService":{"mode":"contact","url":"javascript:x"}}"#, &[])
            .is_err());
        assert!(TenantSwitches::parse::<&str>(r#"{"colour":"red"}"#, &[]).is_err());
        assert!(TenantSlug::parse("kos-demo").is_ok());
        assert!(TenantSlug::parse("伊利").is_err());
    }
}
