//! Lingshi (spirit stones) and the buckets they are kept in.

use serde::{Deserialize, Serialize};

/// A non-negative amount of lingshi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Lingshi(u32);

impl Lingshi {
    pub const ZERO: Lingshi = Lingshi(0);

    pub const fn new(n: u32) -> Self {
        Lingshi(n)
    }

    pub fn get(self) -> u32 {
        self.0
    }

    pub fn as_i64(self) -> i64 {
        i64::from(self.0)
    }
}

/// Where lingshi come from. The spec spends them in this order: top-up
/// packs, then the upgraded plan's gift, then the free plan's gift.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Bucket {
    Topup,
    Plan,
    Free,
}

impl Bucket {
    pub const SPENDING_ORDER: [Bucket; 3] = [Bucket::Topup, Bucket::Plan, Bucket::Free];

    pub fn as_str(self) -> &'static str {
        match self {
            Bucket::Topup => "topup",
            Bucket::Plan => "plan",
            Bucket::Free => "free",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::SPENDING_ORDER.into_iter().find(|b| b.as_str() == s)
    }
}

/// The original app's one-off gift to a new free-plan user.
pub const FREE_PLAN_GIFT: Lingshi = Lingshi::new(500);

/// Splits `cost` across the buckets in spending order, given each bucket's
/// balance; `None` when the balances together are not enough.
pub fn split_charge(cost: Lingshi, balances: &[(Bucket, i64)]) -> Option<Vec<(Bucket, i64)>> {
    let mut left = cost.as_i64();
    let mut parts = Vec::new();
    for bucket in Bucket::SPENDING_ORDER {
        if left == 0 {
            break;
        }
        let have = balances.iter().filter(|(b, _)| *b == bucket).map(|(_, n)| *n).sum::<i64>().max(0);
        let take = have.min(left);
        if take > 0 {
            parts.push((bucket, take));
            left -= take;
        }
    }
    (left == 0).then_some(parts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn spends_topup_then_plan_then_free() {
        let balances = [(Bucket::Free, 500), (Bucket::Plan, 3), (Bucket::Topup, 2)];
        assert_eq!(
            split_charge(Lingshi::new(10), &balances),
            Some(vec![(Bucket::Topup, 2), (Bucket::Plan, 3), (Bucket::Free, 5)])
        );
        assert_eq!(split_charge(Lingshi::new(506), &balances), None);
        assert_eq!(split_charge(Lingshi::ZERO, &balances), Some(vec![]));
    }

    proptest! {
        #[test]
        fn a_split_sums_to_the_cost_and_never_overdraws(
            cost in 0u32..2000, topup in 0i64..800, plan in 0i64..800, free in 0i64..800
        ) {
            let balances = [(Bucket::Topup, topup), (Bucket::Plan, plan), (Bucket::Free, free)];
            match split_charge(Lingshi::new(cost), &balances) {
                Some(parts) => {
                    prop_assert_eq!(parts.iter().map(|(_, n)| n).sum::<i64>(), i64::from(cost));
                    for (b, n) in parts {
                        let have = balances.iter().find(|(x, _)| *x == b).map(|(_, n)| *n).unwrap_or(0);
                        prop_assert!(n > 0 && n <= have);
                    }
                }
                None => prop_assert!(topup + plan + free < i64::from(cost)),
            }
        }
    }
}
