//! One admission check for every way a generation task enters the queue
//! (a single submission and each batch), so the two cannot drift apart:
//! brand gates, tier rules, ownership of the inputs, the pool's route and
//! whether the pool can serve the type.

use actix_web::{HttpRequest, HttpResponse};
use pixmart_shared::db::store::dispatch::{self as dispatch_store, Route};
use pixmart_shared::db::store::membership;
use pixmart_shared::db::store::uploads as upload_store;
use pixmart_shared::domain::{BizType, TaskSpec, UserId};
use pixmart_shared::ErrorCode;

use crate::error::{ApiError, ApiResult};
use crate::AppState;

/// Single submission or batch: batches need a tier that allows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Submission {
    Single,
    Batch,
}

/// Admits `specs` (all of type `biz`) for `user` and gives their route, or
/// says why not: an error, or the capability gate's own answer (which names
/// the missing models).
pub async fn admit(
    state: &AppState,
    req: &HttpRequest,
    user: UserId,
    biz: BizType,
    specs: &[TaskSpec],
    submission: Submission,
) -> ApiResult<Result<Route, HttpResponse>> {
    // The spec gates custom pet and character images by the brand's
    // customizedImage flag (the same flag hides the page).
    if biz == BizType::PetImageCustomized && !crate::branding::brand_of_request(&state.brands, req).custom_image {
        return Err(ApiError::new(ErrorCode::CustomizedImageDisabled));
    }
    let tier = membership::current_tier(&state.db, user).await?;
    if submission == Submission::Batch && !tier.allows_batch() {
        return Err(ApiError::new(ErrorCode::BatchNotAllowed));
    }
    if specs.iter().any(TaskSpec::uses_custom_colour) && !tier.allows_custom_colour() {
        return Err(ApiError::new(ErrorCode::CustomColourNeedsMembership));
    }
    for upload in specs.iter().flat_map(TaskSpec::input_uploads) {
        let owned = upload_store::get_upload(&state.db, upload).await?.is_some_and(|u| u.owner == user);
        if !owned {
            return Err(ApiError { code: ErrorCode::ImageNotFound, field: Some("imageUrl") });
        }
    }
    let route = dispatch_store::route_for(&state.db, user).await?;
    // No node in the pool has served this type recently: refuse now, naming
    // the missing model, rather than accept a task that can only wait.
    if let Some(refused) = crate::routes::capabilities::gate(state, user, &route.pool, biz).await? {
        return Ok(Err(refused));
    }
    Ok(Ok(route))
}
