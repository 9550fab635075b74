//! Abuse limits: what one signed-in user or one anonymous IP may hold open
//! or send (see docs/security/abuse-limits.md). Every field has a default,
//! so a config file may name any subset (`PIXMART__LIMITS__MAX_STREAMS_PER_USER=8`).

use serde::Deserialize;

use crate::domain::Tier;

const MIB: u64 = 1024 * 1024;

#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct LimitSettings {
    /// Task event streams (`GET /api/tasks/{id}/events`) one user may hold
    /// open at once; the next answers 429 `TOO_MANY_STREAMS`. Counted in
    /// process, per API instance: behind N instances a user may hold up to
    /// N times this (each stream costs its instance a database read every
    /// 250 ms, so the cap bounds the load per instance, which is what matters).
    pub max_streams_per_user: u32,
    /// How often an open event stream checks that its bearer token is still
    /// live; a logout or a password reset ends the stream within this.
    pub stream_token_check_secs: u64,
    /// Mask refinements one user may have queued or running at once; the
    /// next answers 429 `TOO_MANY_REFINEMENTS`. Counted in Redis, so it
    /// holds across API instances; a place is given back when the worker
    /// finishes the job or when the job's wait has passed.
    pub max_refinements_per_user: u32,
    /// Uploads one user may be sending at once (per API instance); the next
    /// answers 429 `UPLOAD_TOO_MANY`.
    pub max_concurrent_uploads_per_user: u32,
    /// Upload storage per user (the sum of the user's stored uploads) by
    /// tier: free, paid plans (basic to flagship), enterprise. An upload that
    /// would pass it answers 413 `UPLOAD_QUOTA_EXCEEDED`.
    pub upload_quota_free_bytes: u64,
    pub upload_quota_paid_bytes: u64,
    pub upload_quota_enterprise_bytes: u64,
    /// Uploads that no task and no feedback refers to are deleted (file and
    /// row) this many days after they were uploaded.
    pub upload_retention_days: u64,
    /// Most uploads one sweep deletes (the sweep runs with the API's
    /// scheduler, every `payments.scheduler_interval_ms`).
    pub upload_sweep_batch: u64,
    /// Lead and enquiry submissions (`POST /api/leads`, `/api/enquiries`,
    /// together) per client IP per hour; beyond, 429 `FORM_TOO_FREQUENT`.
    /// Counted in the database, so it holds across API instances.
    pub forms_per_ip_per_hour: u32,
    /// Calls of the remove.bg-compatible API (`POST /v1.0/removebg`) per API
    /// key per minute; beyond, 429 `rate_limit_exceeded`. Counted in the
    /// database, so it holds across API instances.
    pub api_requests_per_key_per_minute: u32,
    /// How long a remove.bg-compatible call waits for its cutout before it
    /// stops the task (refunded) and answers 504.
    pub api_wait_secs: u64,
}

impl Default for LimitSettings {
    fn default() -> Self {
        LimitSettings {
            max_streams_per_user: 4,
            stream_token_check_secs: 5,
            max_refinements_per_user: 2,
            max_concurrent_uploads_per_user: 3,
            upload_quota_free_bytes: 200 * MIB,
            upload_quota_paid_bytes: 2 * 1024 * MIB,
            upload_quota_enterprise_bytes: 20 * 1024 * MIB,
            upload_retention_days: 7,
            upload_sweep_batch: 100,
            forms_per_ip_per_hour: 5,
            api_requests_per_key_per_minute: 60,
            api_wait_secs: 120,
        }
    }
}

impl LimitSettings {
    /// The upload storage quota of a tier.
    pub fn upload_quota_bytes(&self, tier: Tier) -> u64 {
        match tier {
            Tier::Free => self.upload_quota_free_bytes,
            Tier::Enterprise => self.upload_quota_enterprise_bytes,
            _ => self.upload_quota_paid_bytes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quota_grows_with_the_tier() {
        let l = LimitSettings::default();
        assert_eq!(l.upload_quota_bytes(Tier::Free), 200 * MIB);
        for paid in [Tier::Basic, Tier::Professional, Tier::Premium, Tier::Flagship] {
            assert_eq!(l.upload_quota_bytes(paid), 2048 * MIB);
        }
        assert_eq!(l.upload_quota_bytes(Tier::Enterprise), 20 * 1024 * MIB);
    }
}
