//! The benefits centre's read side: the product catalogue and the user's
//! coin details (ledger entries).

use actix_web::get;
use actix_web::{web, HttpResponse};
use pixmart_shared::db::store::{ledger, tasks as task_store};
use pixmart_shared::domain::ProductKind;
use serde::{Deserialize, Serialize};

use super::paging::{page_num, page_param};
use crate::auth::AuthUser;
use crate::catalogue::Product;
use crate::dto::PageDto;
use crate::envelope::{self, Envelope};
use crate::error::ApiResult;
use crate::{lang, AppState};

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductDto {
    pub product_id: String,
    /// plan or pack
    pub kind: ProductKind,
    /// A plan's tier (the original app's productType), absent for packs.
    pub product_type: Option<&'static str>,
    pub months: u32,
    /// A pack's lingshi, or a plan's monthly gift.
    pub lingshi: u32,
    pub price_fen: i64,
    pub name: String,
}

impl ProductDto {
    pub fn from_product(p: &Product, lang: pixmart_shared::Lang) -> Self {
        ProductDto {
            product_id: p.id.clone(),
            kind: p.kind,
            product_type: p.tier.map(|t| t.as_str()),
            months: p.months,
            lingshi: p.lingshi.get(),
            price_fen: p.price_fen,
            name: p.name(lang).to_owned(),
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductsDto {
    pub plans: Vec<ProductDto>,
    pub packs: Vec<ProductDto>,
}

/// `GET /api/benefits/products`: plans and top-up packs (public).
#[utoipa::path(
    tag = "orders",
    responses((status = 200, description = "Plans and lingshi packs for sale.", body = Envelope<ProductsDto>))
)]
#[get("/benefits/products")]
pub async fn products(state: web::Data<AppState>) -> ApiResult<HttpResponse> {
    let lang = lang::current();
    let of = |kind| state.catalogue.of_kind(kind).map(|p| ProductDto::from_product(p, lang)).collect();
    Ok(envelope::ok(ProductsDto { plans: of(ProductKind::Plan), packs: of(ProductKind::Pack) }))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    page_num: Option<String>,
    page_size: Option<String>,
}

/// The original app's default page size; pages larger than 100 are refused.
const DEFAULT_PAGE_SIZE: u64 = 10;
const MAX_PAGE_SIZE: u64 = 100;

impl PageQuery {
    /// `(pageNum, pageSize)`: pageNum 1 to `paging::MAX_PAGE_NUM`, pageSize 1 to 100.
    pub fn parse(&self) -> ApiResult<(u64, u64)> {
        Ok((
            page_num(self.page_num.as_deref(), "pageNum")?,
            page_param(self.page_size.as_deref(), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, "pageSize")?,
        ))
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LedgerEntryDto {
    pub id: i64,
    /// grant, topup, charge, refund or expire
    pub kind: String,
    /// topup, plan or free
    pub bucket: &'static str,
    /// Signed: positive came in, negative went out.
    pub amount: i64,
    pub task_id: Option<String>,
    /// The feature charged or refunded (the task's type), while the task
    /// row exists.
    pub biz_type: Option<String>,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

/// `GET /api/ledger?pageNum&pageSize`: the caller's coin details, newest
/// first (settlement marks, which move nothing, are left out).
#[utoipa::path(
    tag = "orders",
    params(PageQuery),
    responses((status = 200, description = "A page of the caller's lingshi ledger.", body = Envelope<PageDto<LedgerEntryDto>>)),
    security(("bearer" = []))
)]
#[get("/ledger")]
pub async fn ledger_page(
    state: web::Data<AppState>,
    me: AuthUser,
    q: web::Query<PageQuery>,
) -> ApiResult<HttpResponse> {
    let (page, size) = q.parse()?;
    let (rows, total) = ledger::entries_page(&state.db, me.id, page, size).await?;
    let ids: Vec<String> = rows.iter().filter_map(|e| e.task_id.clone()).collect();
    let types = task_store::biz_types_of(&state.db, me.id, &ids).await?;
    let list = rows
        .into_iter()
        .map(|e| LedgerEntryDto {
            id: e.id,
            kind: e.kind,
            bucket: e.bucket.as_str(),
            amount: e.amount,
            biz_type: e.task_id.as_ref().and_then(|t| types.get(t).cloned()),
            task_id: e.task_id,
            created_at: e.created_at,
        })
        .collect();
    Ok(envelope::ok(PageDto { list, total }))
}
