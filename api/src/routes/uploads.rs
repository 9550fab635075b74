use actix_multipart::Multipart;
use actix_web::{web, HttpResponse};
use chrono::Utc;
use futures::TryStreamExt;
use pixmart_shared::db::store::uploads::{self as upload_store, UploadRecord};
use pixmart_shared::domain::task_spec::upload_url;
use pixmart_shared::domain::{UploadId, UploadRules};
use pixmart_shared::storage::upload_key;
use pixmart_shared::ErrorCode;
use serde_json::json;

use crate::auth::AuthUser;
use crate::envelope;
use crate::error::{ApiError, ApiResult};
use crate::AppState;

/// `POST /api/uploads`, multipart field `file`: validated per the spec's
/// rules, then stored. Nothing is stored for a rejected file.
pub async fn upload(state: web::Data<AppState>, me: AuthUser, payload: Multipart) -> ApiResult<HttpResponse> {
    let rules = UploadRules::SPEC;
    let data = read_file_field(payload, rules.max_bytes).await?;
    let facts = rules.inspect(&data)?;
    // Full decode proves the body is a whole image (a truncated file or a
    // bomb that lies about its size is refused here, bounded in memory).
    let data = web::block(move || rules.decode(&data, &facts).map(|_| data)).await.map_err(ApiError::internal)??;

    let id = UploadId::new();
    let key = upload_key(id);
    state.blobs.put(&key, &data).await.map_err(ApiError::internal)?;
    let record = UploadRecord {
        id,
        owner: me.id,
        storage_key: key.clone(),
        format: facts.format,
        width: facts.width,
        height: facts.height,
        size_bytes: facts.bytes,
        created_at: Utc::now(),
    };
    if let Err(e) = upload_store::insert_upload(&state.db, &record).await {
        let _ = state.blobs.delete(&key).await;
        return Err(e.into());
    }
    Ok(envelope::ok(json!({ "urls": [upload_url(id)], "width": facts.width, "height": facts.height })))
}

/// Reads the `file` field, refusing (without buffering further) once it
/// passes `max_bytes`.
pub(crate) async fn read_file_field(mut payload: Multipart, max_bytes: u64) -> ApiResult<Vec<u8>> {
    let bad_request = |_| ApiError::new(ErrorCode::BadRequest);
    while let Some(mut field) = payload.try_next().await.map_err(bad_request)? {
        if field.name() != Some("file") {
            while field.try_next().await.map_err(bad_request)?.is_some() {}
            continue;
        }
        let mut data = Vec::new();
        while let Some(chunk) = field.try_next().await.map_err(bad_request)? {
            if (data.len() + chunk.len()) as u64 > max_bytes {
                return Err(ApiError::new(ErrorCode::UploadBadSize));
            }
            data.extend_from_slice(&chunk);
        }
        if data.is_empty() {
            return Err(ApiError::new(ErrorCode::UploadMissingFile));
        }
        return Ok(data);
    }
    Err(ApiError::new(ErrorCode::UploadMissingFile))
}
