//! In-process per-user counters for what a user holds open on this API
//! instance (event streams, uploads being received): `try_acquire` takes a
//! place if the user has fewer than the cap, and the returned [`Held`] gives
//! it back when dropped, whichever way the request ends (finished, failed,
//! client gone). Counts are per instance: behind N instances a user may
//! hold up to N times the cap, which still bounds each instance's load.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use pixmart_shared::domain::UserId;

/// One kind of place (streams, uploads) counted per user.
#[derive(Debug, Default)]
pub struct UserGate {
    held: Mutex<HashMap<UserId, u32>>,
}

impl UserGate {
    pub fn new() -> Arc<Self> {
        Arc::new(UserGate::default())
    }

    /// A place for `user` if they hold fewer than `max`.
    pub fn try_acquire(self: &Arc<Self>, user: UserId, max: u32) -> Option<Held> {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        let n = held.entry(user).or_insert(0);
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(Held { gate: self.clone(), user })
    }

    /// Places `user` holds now.
    pub fn held_by(&self, user: UserId) -> u32 {
        self.held.lock().unwrap_or_else(PoisonError::into_inner).get(&user).copied().unwrap_or(0)
    }
}

/// A place taken from a [`UserGate`]; dropping it gives the place back.
#[derive(Debug)]
pub struct Held {
    gate: Arc<UserGate>,
    user: UserId,
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut held = self.gate.held.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = held.get_mut(&self.user) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                // No entry per user who once held something: the map stays
                // as small as what is open now.
                held.remove(&self.user);
            }
        }
    }
}

/// The per-instance gates, one per kind of place.
#[derive(Debug, Default)]
pub struct Limiters {
    pub streams: Arc<UserGate>,
    pub uploads: Arc<UserGate>,
    /// Article links being fetched (`articles.max_concurrent_per_user`).
    pub article_fetches: Arc<UserGate>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_capped_per_user_and_given_back_on_drop() {
        let gate = UserGate::new();
        let (a, b) = (UserId(1), UserId(2));
        let first = gate.try_acquire(a, 2);
        let second = gate.try_acquire(a, 2);
        assert!(first.is_some() && second.is_some());
        assert!(gate.try_acquire(a, 2).is_none());
        assert!(gate.try_acquire(b, 2).is_some(), "another user has their own places");
        drop(first);
        assert_eq!(gate.held_by(a), 1);
        assert!(gate.try_acquire(a, 2).is_some());
        drop(second);
        assert_eq!(gate.held_by(b), 0);
    }
}
