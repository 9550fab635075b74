use actix_web::get;
use actix_web::{web, HttpResponse};
use pixmart_shared::db::store::{ledger, membership, users};
use pixmart_shared::ErrorCode;

use crate::auth::AuthUser;
use crate::dto::{MembershipInfo, UserInfoDto};
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::AppState;

/// `GET /api/user/info`: the caller, their lingshi per bucket, tier
/// benefits, plan reminder and tenant.
#[utoipa::path(
    tag = "account",
    responses((status = 200, description = "The signed-in user.", body = Envelope<UserInfoDto>)),
    security(("bearer" = []))
)]
#[get("/user/info")]
pub async fn info(state: web::Data<AppState>, me: AuthUser) -> ApiResult<HttpResponse> {
    let user = users::get_user(&state.db, me.id).await?.ok_or(ApiError::new(ErrorCode::Unauthorized))?;
    let balances = ledger::balances(&state.db, me.id).await?;
    let now = chrono::Utc::now();
    let plan = membership::current(&state.db, me.id, now).await?;
    let mut dto = UserInfoDto::from_user(&user, balances.total()).with_membership(MembershipInfo {
        tier: plan.as_ref().map_or(pixmart_shared::domain::Tier::Free, |m| m.tier),
        end_time: plan.as_ref().map(|m| m.ends_at),
        reminder_days: plan.as_ref().and_then(|m| m.reminder_days(now)),
        balances,
    });
    dto.inviter_link = Some(inviter_link(&state, &users::ensure_invite_code(&state.db, &user).await?));
    let tenant = pixmart_shared::db::store::tenants::tenant_of_user(&state.db, me.id).await?;
    let dto = dto.with_tenant(tenant.as_ref());
    Ok(envelope::ok(dto))
}

/// The user's invite link: the public UI address with their invite code.
fn inviter_link(state: &AppState, code: &str) -> String {
    format!("{}/?inviteCode={code}", state.settings.auth.public_base_url.trim_end_matches('/'))
}
