//! Admission: the business rules every generation submission passes before
//! it is created and charged, in one place for single submissions and
//! batches (so the two cannot drift apart): brand gates, tier rules,
//! ownership of the inputs, the pool's route, whether the pool can serve
//! the type, and the tasks to create with their price.

use crate::db::store::capabilities::{self as cap_store, BizCapability, CapabilityState, Windows};
use crate::db::store::dispatch::{self as dispatch_store, Route};
use crate::db::store::tasks::NewTask;
use crate::db::store::{membership, uploads};
use crate::db::StoreError;
use crate::domain::{BizType, TaskId, TaskSpec, UserId};
use crate::error::ErrorCode;

/// A single submission or a batch: batches need a tier that allows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Submission {
    Single,
    Batch,
    /// An idea report's first stage (`POST /api/idea-reports`).
    Report,
    /// A content batch's posts (`POST /api/content-batches`).
    Content,
}

/// What is asked: `specs` (all of type `biz`) for `user`.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    pub user: UserId,
    pub biz: BizType,
    pub specs: &'a [TaskSpec],
    pub submission: Submission,
    /// The request's brand lets its users make customized images
    /// (`customizedImage`; the same flag hides the page).
    pub brand_allows_custom_images: bool,
    /// What "recently" means for the pool's capability memory.
    pub windows: Windows,
}

/// Why a submission is refused.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// A rule says no: the code and the field it is about.
    Rule { code: ErrorCode, field: Option<&'static str> },
    /// The pool has no node that serves the type (or only with models the
    /// tenant refuses); the capability names what is missing.
    Capability { code: ErrorCode, capability: BizCapability, pool: String },
}

impl Refusal {
    fn rule(code: ErrorCode) -> Self {
        Refusal::Rule { code, field: None }
    }
}

/// An admitted submission: where its tasks go.
#[derive(Debug, Clone, PartialEq)]
pub struct Admitted {
    pub route: Route,
    pub biz: BizType,
}

impl Admitted {
    /// The task to create for `spec`, with its price and route; the job's
    /// queue name carries the dispatcher's `namespace`.
    pub fn new_task(
        &self,
        owner: UserId,
        spec: &TaskSpec,
        namespace: &str,
        idempotency_key: Option<String>,
    ) -> NewTask {
        NewTask {
            id: TaskId::new(),
            owner,
            biz_type: self.biz,
            params: spec.to_params(),
            cost: spec.cost(),
            pool: self.route.pool.clone(),
            lane: self.route.lane.as_str().to_owned(),
            share_key: self.route.share_key.clone(),
            queue: self.queue(namespace),
            idempotency_key,
        }
    }

    /// The queue name every task of this submission goes to.
    pub fn queue(&self, namespace: &str) -> String {
        self.route.queue_key(self.biz).name(namespace)
    }
}

/// Admits a submission or says why not.
pub async fn admit(
    db: &impl sea_orm::ConnectionTrait,
    request: Request<'_>,
) -> Result<Result<Admitted, Refusal>, StoreError> {
    let Request { user, biz, specs, submission, brand_allows_custom_images, windows } = request;
    if biz == BizType::PetImageCustomized && !brand_allows_custom_images {
        return Ok(Err(Refusal::rule(ErrorCode::CustomizedImageDisabled)));
    }
    let tier = membership::current_tier(db, user).await?;
    // A report's stages come only from a report, a batch's posts only from
    // a batch: alone, one would be a charge with nowhere to put its output.
    let made_by = if biz == BizType::MktIdeaGen {
        Some(Submission::Report)
    } else if biz == BizType::MktContentGen {
        Some(Submission::Content)
    } else {
        None
    };
    if made_by.map_or(matches!(submission, Submission::Report | Submission::Content), |by| by != submission) {
        return Ok(Err(Refusal::Rule { code: ErrorCode::BizTypeNotAvailable, field: Some("bizType") }));
    }
    if submission == Submission::Batch && !tier.allows_batch() {
        return Ok(Err(Refusal::rule(ErrorCode::BatchNotAllowed)));
    }
    if !tier.allows_custom_colour() {
        for spec in specs {
            if uses_custom_colour(db, user, spec).await? {
                return Ok(Err(Refusal::rule(ErrorCode::CustomColourNeedsMembership)));
            }
        }
    }
    for upload in specs.iter().flat_map(TaskSpec::input_uploads) {
        if !usable_image(db, user, upload).await? {
            return Ok(Err(Refusal::Rule { code: ErrorCode::ImageNotFound, field: Some("imageUrl") }));
        }
    }
    for video in specs.iter().filter_map(TaskSpec::input_video) {
        let usable =
            uploads::get_upload(db, video).await?.is_some_and(|u| u.owner == user && u.format.video().is_some());
        if !usable {
            return Ok(Err(Refusal::Rule { code: ErrorCode::InputVideoUnreadable, field: Some("videoUrl") }));
        }
    }
    let route = dispatch_store::route_with_tier(db, user, tier).await?;
    // No node in the pool has served this type recently: refuse now, naming
    // the missing model, rather than accept a task that can only wait. (A
    // commercial-only route is the tenant refusing non-commercial models.)
    let capability = cap_store::capability_for(db, &route.pool, biz, windows, route.commercial_only).await?;
    if !capability.state.accepts() {
        let code = match capability.state {
            CapabilityState::NotAllowed => ErrorCode::ModelNotAllowed,
            CapabilityState::Available
            | CapabilityState::Waiting
            | CapabilityState::ModelMissing
            | CapabilityState::NoWorker => ErrorCode::ModelMissing,
        };
        return Ok(Err(Refusal::Capability { code, capability, pool: route.pool }));
    }
    Ok(Ok(Admitted { route, biz }))
}

/// An image the user may use: their own upload, or a poster material
/// shared with their tenant.
async fn usable_image(
    db: &impl sea_orm::ConnectionTrait,
    user: UserId,
    upload: crate::domain::UploadId,
) -> Result<bool, StoreError> {
    let Some(u) = uploads::get_upload(db, upload).await? else { return Ok(false) };
    if u.format.image().is_none() {
        return Ok(false);
    }
    Ok(u.owner == user || crate::db::store::poster_assets::shared_with_member(db, upload, user).await?)
}

/// Whether a task paints with a colour outside what its plan includes. A
/// poster's edit may use the palette and the colours of the template it
/// started from, which for a tenant's own template are in the database.
async fn uses_custom_colour(
    db: &impl sea_orm::ConnectionTrait,
    user: UserId,
    spec: &TaskSpec,
) -> Result<bool, StoreError> {
    let TaskSpec::Poster(poster) = spec else { return Ok(spec.uses_custom_colour()) };
    if !poster.edited {
        return Ok(false);
    }
    let base = match (poster.library_base(), poster.template_id.as_deref()) {
        (Some(library), _) => Some(library.clone()),
        (None, Some(id)) => match crate::db::store::tenants::tenant_of_user(db, user).await? {
            Some(tenant) => {
                crate::db::store::poster_templates::list(db, tenant.id).await?.into_iter().find(|t| t.id == id)
            }
            None => None,
        },
        (None, None) => None,
    };
    Ok(poster.adds_colours(base.as_ref()))
}
