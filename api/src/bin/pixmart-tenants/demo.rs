//! The original app's example tenants, for demonstrations only (never seeded by
//! migrations):
//!
//! * visa and 广发: no invite, message or enterprise-service entries, and
//!   the logo does not navigate;
//! * 伊利 and 蒙牛: the enterprise-service button opens /mott;
//! * the others register a contact and leave for an external page;
//! * yuexiu has some paths filtered out;
//! * a demo KOS and a Zeiss KOS tenant with the enterprise menu.

use pixmart_shared::db::store::tenants::TenantSpec;

use crate::tenant_spec;

const CONTACT_PAGE: &str = "https://www.example.com/enterprise-contact";

pub fn tenants() -> anyhow::Result<Vec<TenantSpec>> {
    let closed = r#"{"entries":{"invite":false,"messages":false,"enterpriseService":false,"logoNavigates":false},
        "chrome":{"hideEnterpriseService":true}}"#;
    let mott = r#"{"enterpriseService":{"mode":"mott"}}"#;
    let contact = format!(r#"{{"enterpriseService":{{"mode":"contact","url":"{CONTACT_PAGE}"}}}}"#);
    let filtered =
        format!(r#"{{"hiddenRoutes":["/member"],"enterpriseService":{{"mode":"contact","url":"{CONTACT_PAGE}"}}}}"#);
    let kos = format!(
        r#"{{"menuGroups":["home","enterprise-management","ai-photo","creation-space","benefit-centre"],
            "enterpriseService":{{"mode":"contact","url":"{CONTACT_PAGE}"}}}}"#
    );
    let t = |slug: &str, name: &str, company: &str, switches: &str| {
        tenant_spec(slug, name, None, Some(company.to_owned()), true, switches)
    };
    Ok(vec![
        t("visa", "visa", "Visa", closed)?,
        t("guangfa", "广发", "广发银行", closed)?,
        t("zirantang", "zirantang", "自然堂", &contact)?,
        t("yuexiu", "yuexiu", "越秀", &filtered)?,
        t("yili", "伊利", "伊利集团", mott)?,
        t("mengniu", "蒙牛", "蒙牛乳业", mott)?,
        t("feihe", "飞鹤", "飞鹤乳业", &contact)?,
        t("kos-demo", "KOS Demo", "KOS Demo", &kos)?,
        t("zeiss-kos", "Zeiss KOS", "Zeiss", &kos)?,
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_tenants_are_valid_and_follow_the_spec() {
        let all = tenants().unwrap();
        assert_eq!(all.len(), 9);
        let visa = &all[0].switches;
        assert!(!visa.entries.invite && !visa.entries.messages && !visa.entries.logo_navigates);
        let yili = all.iter().find(|t| t.slug.as_str() == "yili").unwrap();
        assert_eq!(yili.switches.enterprise_service, pixmart_shared::domain::tenant::EnterpriseService::Mott);
    }
}
