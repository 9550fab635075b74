//! The HTTP side of admission (the rules are `pixmart_shared::admission`):
//! the brand comes from the request, and a refusal becomes its answer (a
//! coded error, or the capability refusal naming the missing models).

use actix_web::{HttpRequest, HttpResponse};
use pixmart_shared::admission::{self, Refusal, Request};
pub use pixmart_shared::admission::{Admitted, Submission};
use pixmart_shared::db::store::admins;
use pixmart_shared::domain::{BizType, TaskSpec, UserId};

use crate::error::{ApiError, ApiResult};
use crate::routes::capabilities;
use crate::AppState;

/// Admits `specs` (all of type `biz`) for `user`, or gives the answer that
/// refuses them.
pub async fn admit(
    state: &AppState,
    req: &HttpRequest,
    user: UserId,
    biz: BizType,
    specs: &[TaskSpec],
    submission: Submission,
) -> ApiResult<Result<Admitted, HttpResponse>> {
    match admission::admit(&state.db, request(state, req, user, biz, specs, submission)).await? {
        Ok(admitted) => Ok(Ok(admitted)),
        Err(Refusal::Rule { code, field }) => Err(ApiError { code, field, detail: None }),
        Err(Refusal::Capability { code, capability, pool }) => {
            let admin = admins::is_admin(&state.db, user).await?;
            tracing::info!(biz_type = biz.as_str(), pool, state = ?capability.state, missing = %capability.missing_names(), "task type refused");
            Ok(Err(capabilities::refusal(code, &capability, admin.then_some(pool.as_str()))))
        }
    }
}

/// As [`admit`], for callers that answer in a format of their own (the
/// remove.bg-compatible API): every refusal is its code.
pub async fn admit_coded(
    state: &AppState,
    req: &HttpRequest,
    user: UserId,
    biz: BizType,
    specs: &[TaskSpec],
    submission: Submission,
) -> ApiResult<Admitted> {
    match admission::admit(&state.db, request(state, req, user, biz, specs, submission)).await? {
        Ok(admitted) => Ok(admitted),
        Err(Refusal::Rule { code, field }) => Err(ApiError { code, field, detail: None }),
        Err(Refusal::Capability { code, capability, pool }) => {
            tracing::info!(biz_type = biz.as_str(), pool, state = ?capability.state, missing = %capability.missing_names(), "task type refused");
            Err(ApiError::new(code))
        }
    }
}

fn request<'a>(
    state: &AppState,
    req: &HttpRequest,
    user: UserId,
    biz: BizType,
    specs: &'a [TaskSpec],
    submission: Submission,
) -> Request<'a> {
    Request {
        user,
        biz,
        specs,
        submission,
        brand_allows_custom_images: crate::branding::brand_of_request(&state.brands, req).custom_image,
        windows: capabilities::windows(state),
    }
}
