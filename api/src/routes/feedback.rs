//! Help and feedback: `POST /api/feedback/uploads` (one png/jpeg image of
//! at most 20 MB) and `POST /api/feedback {title, content,
//! attachments:[{url}]}`. Both need a signed-in user.

use actix_multipart::Multipart;
use actix_web::post;
use actix_web::{web, HttpResponse};
use chrono::Utc;
use futures::TryStreamExt;
use pixmart_shared::db::store::feedback as feedback_store;
use pixmart_shared::db::store::uploads::{self as upload_store, UploadRecord};
use pixmart_shared::domain::feedback::{
    inspect_feedback_image, FeedbackForm, FeedbackRequest, FEEDBACK_IMAGE_MAX_BYTES,
};
use pixmart_shared::domain::task_spec::upload_url;
use pixmart_shared::domain::{UploadFormat, UploadId};
use pixmart_shared::storage::upload_key;
use pixmart_shared::{ErrorCode, Lang};

use crate::auth::AuthUser;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::AppState;

/// The original app's success toast: 反馈成功 / Feedback Submitted Successfully.
pub fn submitted_message(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "反馈成功",
        Lang::En => "Feedback Submitted Successfully",
    }
}

/// `POST /api/feedback/uploads`, multipart field `file`: answers
/// `{urls:[url]}` like the image upload; the URL goes in `attachments`.
/// The stored screenshot's address.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct FeedbackUploadDto {
    urls: Vec<String>,
}

#[utoipa::path(
    tag = "feedback",
    request_body(content = crate::openapi::FileUpload, content_type = "multipart/form-data"),
    responses((status = 200, description = "The stored screenshot.", body = Envelope<FeedbackUploadDto>)),
    security(("bearer" = []))
)]
#[post("/feedback/uploads")]
pub async fn upload(state: web::Data<AppState>, me: AuthUser, payload: Multipart) -> ApiResult<HttpResponse> {
    // Feedback images are uploads too: the same concurrency cap and quota.
    let budget = super::uploads::UploadBudget::take(&state, me).await?;
    let data = read_one_image(payload, budget.room).await?;
    let facts = inspect_feedback_image(&data)?;
    budget.recheck(&state, me, facts.bytes).await?;
    let id = UploadId::new();
    let key = upload_key(id);
    state.blobs.put(&key, &data).await.map_err(ApiError::internal)?;
    let record = UploadRecord {
        id,
        owner: me.id,
        storage_key: key.clone(),
        format: UploadFormat::Image(facts.format),
        width: facts.width,
        height: facts.height,
        size_bytes: facts.bytes,
        created_at: Utc::now(),
    };
    if let Err(e) = upload_store::insert_upload(&state.db, &record).await {
        let _ = state.blobs.delete(&key).await;
        return Err(e.into());
    }
    Ok(envelope::ok(FeedbackUploadDto { urls: vec![upload_url(id)] }))
}

/// The one `file` field, refused without buffering further once it passes
/// 20 MB (or the `room` left in the user's upload quota); a second `file`
/// field is refused (one image only).
async fn read_one_image(mut payload: Multipart, room: u64) -> ApiResult<Vec<u8>> {
    let bad_request = |_| ApiError::new(ErrorCode::BadRequest);
    let mut found: Option<Vec<u8>> = None;
    while let Some(mut field) = payload.try_next().await.map_err(bad_request)? {
        if field.name() != Some("file") {
            while field.try_next().await.map_err(bad_request)?.is_some() {}
            continue;
        }
        if found.is_some() {
            return Err(ApiError::new(ErrorCode::FeedbackTooManyImages));
        }
        let mut data = Vec::new();
        while let Some(chunk) = field.try_next().await.map_err(bad_request)? {
            let len = (data.len() + chunk.len()) as u64;
            if len > FEEDBACK_IMAGE_MAX_BYTES {
                return Err(ApiError::new(ErrorCode::FeedbackImageTooLarge));
            }
            if len > room {
                return Err(ApiError::new(ErrorCode::UploadQuotaExceeded));
            }
            data.extend_from_slice(&chunk);
        }
        found = Some(data);
    }
    match found {
        Some(d) if !d.is_empty() => Ok(d),
        _ => Err(ApiError::new(ErrorCode::UploadMissingFile)),
    }
}

/// `POST /api/feedback`: title and content required, at most one
/// attachment, which must be the caller's own upload.
#[utoipa::path(
    tag = "feedback",
    request_body(content = FeedbackRequest),
    responses((status = 200, description = "Feedback received.", body = Envelope<bool>)),
    security(("bearer" = []))
)]
#[post("/feedback")]
pub async fn submit(
    state: web::Data<AppState>,
    me: AuthUser,
    body: web::Json<FeedbackRequest>,
) -> ApiResult<HttpResponse> {
    let form = FeedbackForm::parse(&body)?;
    let mut attachments = Vec::new();
    if let Some(id) = form.image {
        let up = upload_store::get_upload(&state.db, id).await?;
        if up.is_none_or(|u| u.owner != me.id) {
            return Err(ApiError::with_field(ErrorCode::ImageNotFound, "attachments"));
        }
        attachments.push(upload_url(id));
    }
    feedback_store::insert(&state.db, me.id, &form.title, &form.content, &attachments).await?;
    Ok(envelope::ok_msg(true, submitted_message(crate::lang::current())))
}
