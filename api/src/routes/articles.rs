//! `POST /api/articles/fetch {url}`: an article's readable text by its
//! link, for 爆文改写 (the user may edit it before generating). The fetch
//! is guarded (`crate::articles`): http(s) only, public addresses only,
//! redirects re-checked, size and time limits.

use actix_web::{post, web, HttpResponse};
use pixmart_shared::domain::task_spec::copy::ARTICLE_MAX_CHARS;
use pixmart_shared::ErrorCode;
use serde::{Deserialize, Serialize};

use pixmart_shared::web_fetch::{fetch, Accept, AddressPolicy, FetchError, FetchLimits};

use crate::articles::extract;
use crate::auth::AuthUser;
use crate::envelope::{self, Envelope};
use crate::error::{ApiError, ApiResult};
use crate::AppState;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct FetchArticleRequest {
    /// The article's address (http or https).
    url: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArticleDto {
    /// Where the article was found (after redirects).
    url: String,
    title: String,
    /// Its text, paragraphs separated by blank lines, at most the article
    /// rewrite's limit in characters.
    text: String,
    /// The page or its text was longer than what is returned.
    truncated: bool,
}

#[utoipa::path(
    tag = "copywriting",
    request_body = FetchArticleRequest,
    responses((status = 200, description = "The article's title and text.", body = Envelope<ArticleDto>)),
    security(("bearer" = []))
)]
#[post("/articles/fetch")]
pub async fn fetch_article(
    state: web::Data<AppState>,
    me: AuthUser,
    body: web::Json<FetchArticleRequest>,
) -> ApiResult<HttpResponse> {
    let settings = &state.settings.articles;
    let _place = state
        .limits
        .article_fetches
        .try_acquire(me.id, settings.max_concurrent_per_user.max(1))
        .ok_or_else(|| ApiError::new(ErrorCode::ArticleFetchTooMany))?;
    let policy =
        AddressPolicy::new(&settings.allow_private_networks).map_err(|e| ApiError::internal(anyhow::anyhow!(e)))?;
    let page = fetch(&body.url, FetchLimits::from(settings), Accept::Page, &policy).await.map_err(|e| {
        tracing::info!(user = me.id.0, error = %e, "article fetch refused or failed");
        ApiError::new(match e {
            FetchError::BadLink(_) => ErrorCode::ArticleLinkInvalid,
            FetchError::NotAllowed(_) => ErrorCode::ArticleLinkNotAllowed,
            FetchError::Failed(_) => ErrorCode::ArticleFetchFailed,
            FetchError::NotText(_) => ErrorCode::ArticleNoText,
        })
    })?;
    let article = extract(&page).ok_or_else(|| ApiError::new(ErrorCode::ArticleNoText))?;
    let chars = article.text.chars().count();
    let text: String = article.text.chars().take(ARTICLE_MAX_CHARS).collect();
    Ok(envelope::ok(ArticleDto {
        url: page.url.to_string(),
        title: article.title,
        text,
        truncated: page.truncated || chars > ARTICLE_MAX_CHARS,
    }))
}
