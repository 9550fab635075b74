//! In-app messages: `GET /api/messages`, `POST /api/messages/{msgId}/read`,
//! `POST /api/messages/read-all`, `POST /api/messages/delete-all`. Every
//! call is the signed-in user's own inbox only.

use super::paging::{page_num, page_param};
use actix_web::{get, post};
use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use pixmart_shared::db::store::messages::{self, MessageRecord};
use pixmart_shared::ErrorCode;
use serde::{Deserialize, Serialize};

use crate::auth::AuthUser;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::AppState;

/// The original app's message page size.
pub const MESSAGE_PAGE_SIZE: u64 = 100;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    page_num: Option<String>,
    page_size: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageDto {
    pub msg_id: i64,
    pub msg_title: String,
    pub msg_brief: String,
    pub msg_content: String,
    pub msg_content_type: &'static str,
    pub msg_send_time: DateTime<Utc>,
    pub msg_img: Option<String>,
    pub readed: bool,
}

impl From<MessageRecord> for MessageDto {
    fn from(m: MessageRecord) -> Self {
        MessageDto {
            msg_id: m.id,
            msg_title: m.title,
            msg_brief: m.brief,
            msg_content: m.content,
            msg_content_type: m.content_type.as_str(),
            msg_send_time: m.sent_at,
            msg_img: m.img,
            readed: m.read_at.is_some(),
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageListDto {
    pub list: Vec<MessageDto>,
    pub total: u64,
    pub un_read_msg_cnt: u64,
}

/// `GET /api/messages?pageNum&pageSize` (page size 100 by default, at most
/// 100): newest first, with the total and the unread count.
#[utoipa::path(
    tag = "messages",
    params(ListQuery),
    responses((status = 200, description = "A page of the caller's messages.", body = Envelope<MessageListDto>)),
    security(("bearer" = []))
)]
#[get("/messages")]
pub async fn list(state: web::Data<AppState>, me: AuthUser, q: web::Query<ListQuery>) -> ApiResult<HttpResponse> {
    let page_num = page_num(q.page_num.as_deref(), "pageNum")?;
    let page_size = page_param(q.page_size.as_deref(), MESSAGE_PAGE_SIZE, MESSAGE_PAGE_SIZE, "pageSize")?;
    let page = messages::list(&state.db, me.id, page_num, page_size).await?;
    Ok(envelope::ok(MessageListDto {
        list: page.list.into_iter().map(Into::into).collect(),
        total: page.total,
        un_read_msg_cnt: page.unread,
    }))
}

/// `POST /api/messages/{msgId}/read`: `true`; someone else's or an unknown
/// message answers `MESSAGE_NOT_FOUND`.
#[utoipa::path(
    tag = "messages",
    params(("msg_id" = String, Path, description = "The message id.")),
    responses((status = 200, description = "Marked read.", body = Envelope<bool>)),
    security(("bearer" = []))
)]
#[post("/messages/{msg_id}/read")]
pub async fn read(state: web::Data<AppState>, me: AuthUser, path: web::Path<String>) -> ApiResult<HttpResponse> {
    let id: i64 = path.parse().map_err(|_| ApiError::new(ErrorCode::MessageNotFound))?;
    if !messages::mark_read(&state.db, me.id, id).await? {
        return Err(ApiError::new(ErrorCode::MessageNotFound));
    }
    Ok(envelope::ok(true))
}

/// `POST /api/messages/read-all`: `true`.
#[utoipa::path(
    tag = "messages",
    responses((status = 200, description = "All marked read.", body = Envelope<bool>)),
    security(("bearer" = []))
)]
#[post("/messages/read-all")]
pub async fn read_all(state: web::Data<AppState>, me: AuthUser) -> ApiResult<HttpResponse> {
    messages::mark_all_read(&state.db, me.id).await?;
    Ok(envelope::ok(true))
}

/// `POST /api/messages/delete-all`: `true`.
#[utoipa::path(
    tag = "messages",
    responses((status = 200, description = "All deleted.", body = Envelope<bool>)),
    security(("bearer" = []))
)]
#[post("/messages/delete-all")]
pub async fn delete_all(state: web::Data<AppState>, me: AuthUser) -> ApiResult<HttpResponse> {
    messages::delete_all(&state.db, me.id).await?;
    Ok(envelope::ok(true))
}
