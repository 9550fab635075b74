//! Membership tiers and what each one grants. One table, read by the ledger
//! (gifts), the API (2K, custom colour, history) and the scheduler (lanes).

use serde::{Deserialize, Serialize};

use super::Lingshi;

/// The original app's product types, in ascending order of what they grant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tier {
    Free,
    Basic,
    Professional,
    Premium,
    Flagship,
    Enterprise,
}

/// The speed a tier is promised: the original app's standard, fast and exclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Speed {
    Standard,
    Fast,
    Exclusive,
}

impl Tier {
    pub const ALL: [Tier; 6] =
        [Tier::Free, Tier::Basic, Tier::Professional, Tier::Premium, Tier::Flagship, Tier::Enterprise];

    pub fn as_str(self) -> &'static str {
        match self {
            Tier::Free => "free",
            Tier::Basic => "basic",
            Tier::Professional => "professional",
            Tier::Premium => "premium",
            Tier::Flagship => "flagship",
            Tier::Enterprise => "enterprise",
        }
    }

    pub fn parse(s: &str) -> Option<Tier> {
        Tier::ALL.into_iter().find(|t| t.as_str() == s)
    }

    /// Any tier a merchant pays for.
    pub fn is_paid(self) -> bool {
        self != Tier::Free
    }

    /// The one-off gift on registration (free plan only).
    pub fn one_off_gift(self) -> Option<Lingshi> {
        (self == Tier::Free).then_some(super::money::FREE_PLAN_GIFT)
    }

    /// Lingshi granted each month the plan is active: the original app's first
    /// reading (basic 5000, professional 15000, premium 35000, flagship
    /// 80000). Enterprise is negotiated per contract, so it has no default.
    pub fn monthly_gift(self) -> Option<Lingshi> {
        match self {
            Tier::Free | Tier::Enterprise => None,
            Tier::Basic => Some(Lingshi::new(5_000)),
            Tier::Professional => Some(Lingshi::new(15_000)),
            Tier::Premium => Some(Lingshi::new(35_000)),
            Tier::Flagship => Some(Lingshi::new(80_000)),
        }
    }

    /// How long generation history is kept: 7/30/100/100/365 days.
    pub fn history_retention_days(self) -> u32 {
        match self {
            Tier::Free => 7,
            Tier::Basic => 30,
            Tier::Professional | Tier::Premium => 100,
            Tier::Flagship | Tier::Enterprise => 365,
        }
    }

    /// 2K downloads. The original app's constants say free and basic download
    /// standard definition (1080P) and higher tiers 2K.
    pub fn allows_2k(self) -> bool {
        self >= Tier::Professional
    }

    /// The custom background colour picker is for paid plans only.
    pub fn allows_custom_colour(self) -> bool {
        self.is_paid()
    }

    /// Batch generation is a flagship benefit (and enterprise's).
    pub fn allows_batch(self) -> bool {
        self >= Tier::Flagship
    }

    /// The original app's vipUser (Professional and up), premiumVipUser (Flagship
    /// "SVIP" and up) and professionalOrFlagship flags.
    pub fn is_vip(self) -> bool {
        self >= Tier::Professional
    }
    pub fn is_premium_vip(self) -> bool {
        self >= Tier::Flagship
    }
    pub fn is_professional_or_flagship(self) -> bool {
        matches!(self, Tier::Professional | Tier::Premium | Tier::Flagship)
    }

    /// Free is standard speed, paid plans fast, enterprise exclusive.
    pub fn speed(self) -> Speed {
        match self {
            Tier::Free => Speed::Standard,
            Tier::Enterprise => Speed::Exclusive,
            _ => Speed::Fast,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for t in Tier::ALL {
            assert_eq!(Tier::parse(t.as_str()), Some(t));
        }
        assert_eq!(Tier::parse("gold"), None);
    }

    #[test]
    fn gifts_follow_the_spec_first_reading() {
        assert_eq!(Tier::Free.one_off_gift(), Some(Lingshi::new(500)));
        assert_eq!(Tier::Free.monthly_gift(), None);
        let monthly: Vec<_> = Tier::ALL.iter().map(|t| t.monthly_gift().map(Lingshi::get)).collect();
        assert_eq!(monthly, vec![None, Some(5_000), Some(15_000), Some(35_000), Some(80_000), None]);
    }

    #[test]
    fn retention_and_benefits() {
        let days: Vec<_> = Tier::ALL.iter().map(|t| t.history_retention_days()).collect();
        assert_eq!(days, vec![7, 30, 100, 100, 365, 365]);
        assert!(!Tier::Free.allows_custom_colour() && Tier::Basic.allows_custom_colour());
        assert!(!Tier::Basic.allows_2k() && Tier::Professional.allows_2k());
        assert_eq!(Tier::Free.speed(), Speed::Standard);
        assert_eq!(Tier::Premium.speed(), Speed::Fast);
        assert_eq!(Tier::Enterprise.speed(), Speed::Exclusive);
    }
}
