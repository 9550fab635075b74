//! `GET /api/task-types`: every task type's price rule and option bounds,
//! from the one declaration in `pixmart_shared::domain` (the web shows
//! these; it keeps no copy of a price or a maximum).

use actix_web::get;
use std::collections::BTreeMap;

use actix_web::{web, HttpResponse};
use pixmart_shared::domain::task_spec::limits_of;
use pixmart_shared::domain::{BizType, JobFamily, PriceRule};
use serde::Serialize;
use utoipa::ToSchema;

use crate::envelope::{self, Envelope};
use crate::AppState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaskTypesDto {
    task_types: BTreeMap<&'static str, TaskTypeDto>,
    limits: GlobalLimitsDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TaskTypeDto {
    family: JobFamily,
    price: PriceRule,
    limits: BTreeMap<&'static str, u32>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GlobalLimitsDto {
    max_batch_items: u64,
}

#[utoipa::path(
    tag = "tasks",
    responses((status = 200, description = "Every task type's family, price rule and option bounds.", body = Envelope<TaskTypesDto>))
)]
#[get("/task-types")]
pub async fn list(state: web::Data<AppState>) -> HttpResponse {
    let task_types = BizType::ALL
        .into_iter()
        .map(|biz| {
            let dto =
                TaskTypeDto { family: biz.family(), price: biz.price(), limits: limits_of(biz).into_iter().collect() };
            (biz.as_str(), dto)
        })
        .collect();
    envelope::ok(TaskTypesDto {
        task_types,
        limits: GlobalLimitsDto { max_batch_items: state.settings.tasks.max_batch_items },
    })
}
