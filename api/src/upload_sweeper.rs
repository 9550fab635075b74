//! Deletes uploads nothing refers to once they are older than
//! `limits.upload_retention_days`: the row first (guarded, so an upload a
//! task took in the meantime stays), then its file. At most
//! `limits.upload_sweep_batch` per run; it runs with the API's scheduler,
//! and any number of instances may run it (a row is deleted once).

use chrono::{DateTime, Utc};
use pixmart_shared::db::store::uploads as upload_store;

use crate::AppState;

/// One sweep at `now`; the number of uploads deleted.
pub async fn sweep_uploads(state: &AppState, now: DateTime<Utc>) -> anyhow::Result<usize> {
    let limits = &state.settings.limits;
    let days = i64::try_from(limits.upload_retention_days).unwrap_or(i64::MAX / 86_400_000);
    let before = now - chrono::Duration::days(days);
    let candidates = upload_store::unreferenced_before(&state.db, before, limits.upload_sweep_batch.max(1)).await?;
    let mut deleted = 0;
    for upload in candidates {
        if !upload_store::delete_if_unreferenced(&state.db, upload.id).await? {
            continue;
        }
        // The row is gone, so nothing can reach the file any more; a file
        // that cannot be removed now is only disk space, not a dangling row.
        match state.blobs.delete(&upload.storage_key).await {
            Ok(()) | Err(pixmart_shared::storage::StorageError::NotFound(_)) => {}
            Err(e) => tracing::warn!(upload = %upload.id, error = %e, "swept upload's file not removed"),
        }
        deleted += 1;
    }
    Ok(deleted)
}
