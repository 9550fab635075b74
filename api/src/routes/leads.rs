//! The lead (contact) form `POST /api/leads` and the custom-model enquiry
//! `POST /api/enquiries`. Visitors may send them; a signed-in caller's
//! account is recorded with the submission. Anyone can write rows here, so
//! valid submissions are throttled per client IP
//! (`limits.forms_per_ip_per_hour`, both forms together, counted in the
//! database so every instance shares the count).

use actix_web::post;
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::Utc;
use pixmart_shared::db::store::leads;
use pixmart_shared::db::store::rate_limits::{self, Limit};
use pixmart_shared::domain::lead::{EnquiryForm, EnquiryRequest, LeadForm, LeadRequest};
use pixmart_shared::{ErrorCode, Lang};

use crate::auth::OptionalUser;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::sign_in::client_ip;
use crate::AppState;

/// Counts one submission from the caller's IP; `FORM_TOO_FREQUENT` past
/// the hourly allowance.
async fn throttle(state: &AppState, req: &HttpRequest) -> ApiResult<()> {
    let limit = Limit {
        name: "form",
        subject: client_ip(req, &state.settings.auth),
        window_secs: 3600,
        max: state.settings.limits.forms_per_ip_per_hour,
    };
    let now = Utc::now();
    if rate_limits::hit(&state.db, &limit, now).await? > limit.max {
        return Err(ApiError::new(ErrorCode::FormTooFrequent));
    }
    Ok(())
}

/// The original app's success toast: 提交成功！ / Submission successful.
pub fn submitted_message(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "提交成功！",
        Lang::En => "Submission successful",
    }
}

#[utoipa::path(
    tag = "feedback",
    request_body(content = LeadRequest),
    responses((status = 200, description = "Lead received.", body = Envelope<bool>))
)]
#[post("/leads")]
pub async fn submit_lead(
    state: web::Data<AppState>,
    user: OptionalUser,
    req: HttpRequest,
    body: web::Json<LeadRequest>,
) -> ApiResult<HttpResponse> {
    let form = LeadForm::parse(&body)?;
    throttle(&state, &req).await?;
    leads::insert_lead(&state.db, user.0, &form).await?;
    Ok(envelope::ok_msg(true, submitted_message(crate::lang::current())))
}

#[utoipa::path(
    tag = "feedback",
    request_body(content = EnquiryRequest),
    responses((status = 200, description = "Enquiry received.", body = Envelope<bool>))
)]
#[post("/enquiries")]
pub async fn submit_enquiry(
    state: web::Data<AppState>,
    user: OptionalUser,
    req: HttpRequest,
    body: web::Json<EnquiryRequest>,
) -> ApiResult<HttpResponse> {
    let form = EnquiryForm::parse(&body)?;
    throttle(&state, &req).await?;
    leads::insert_enquiry(&state.db, user.0, &form).await?;
    Ok(envelope::ok_msg(true, submitted_message(crate::lang::current())))
}
