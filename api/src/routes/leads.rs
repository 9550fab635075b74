//! The lead (contact) form `POST /api/leads` and the custom-model enquiry
//! `POST /api/enquiries`. Visitors may send them; a signed-in caller's
//! account is recorded with the submission.

use actix_web::{web, HttpResponse};
use pixmart_shared::db::store::leads;
use pixmart_shared::domain::lead::{EnquiryForm, EnquiryRequest, LeadForm, LeadRequest};
use pixmart_shared::Lang;

use crate::auth::OptionalUser;
use crate::envelope;
use crate::error::ApiResult;
use crate::AppState;

/// The spec's success toast: 提交成功！ / Submission successful.
pub fn submitted_message(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "提交成功！",
        Lang::En => "Submission successful",
    }
}

pub async fn submit_lead(
    state: web::Data<AppState>,
    user: OptionalUser,
    body: web::Json<LeadRequest>,
) -> ApiResult<HttpResponse> {
    let form = LeadForm::parse(&body)?;
    leads::insert_lead(&state.db, user.0, &form).await?;
    Ok(envelope::ok_msg(true, submitted_message(crate::lang::current())))
}

pub async fn submit_enquiry(
    state: web::Data<AppState>,
    user: OptionalUser,
    body: web::Json<EnquiryRequest>,
) -> ApiResult<HttpResponse> {
    let form = EnquiryForm::parse(&body)?;
    leads::insert_enquiry(&state.db, user.0, &form).await?;
    Ok(envelope::ok_msg(true, submitted_message(crate::lang::current())))
}
