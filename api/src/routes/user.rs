use actix_web::{web, HttpResponse};
use pixmart_shared::db::store::{ledger, users};
use pixmart_shared::ErrorCode;

use crate::auth::AuthUser;
use crate::dto::UserInfoDto;
use crate::envelope;
use crate::error::{ApiError, ApiResult};
use crate::AppState;

pub async fn info(state: web::Data<AppState>, me: AuthUser) -> ApiResult<HttpResponse> {
    let user = users::get_user(&state.db, me.id).await?.ok_or(ApiError::new(ErrorCode::Unauthorized))?;
    let lingshi = ledger::balances(&state.db, me.id).await?.total();
    let mut dto = UserInfoDto::from_user(&user, lingshi);
    dto.inviter_link = Some(inviter_link(&state, &users::ensure_invite_code(&state.db, &user).await?));
    Ok(envelope::ok(dto))
}

/// The user's invite link: the public UI address with their invite code.
fn inviter_link(state: &AppState, code: &str) -> String {
    format!("{}/?inviteCode={code}", state.settings.auth.public_base_url.trim_end_matches('/'))
}
