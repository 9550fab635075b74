//! Idea reports and their progress. A report runs one stage task at a
//! time; [`reconcile`] looks at the stage task and moves the report on: a
//! delivered stage is taken into the report and the next stage's task is
//! created (charged, waiting for the dispatcher) in one transaction; a
//! failed stage fails the report (its error stage recorded; the task's own
//! refund already returned its lingshi); a stopped one cancels it. Every
//! move is an `UPDATE ... WHERE current_task_id = <the task seen>`, so any
//! number of callers (the page polling, the API's sweeper, a cancel) may
//! reconcile at once and each stage is taken in once.

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
};
use serde::{Deserialize, Serialize};

use crate::db::entities::idea_reports;
use crate::db::store::tasks::{self as task_store, insert_task, NewTask};
use crate::db::StoreError;
use crate::domain::task_spec::IdeaStageSpec;
use crate::domain::{BizType, TaskId, TaskSpec, TaskStatus, UserId};
use crate::jobs::QueueKey;
use crate::marketing::ideas::pictures::{design_params, scene_params, IdeaPicture, PictureKind};
use crate::marketing::ideas::{next_after, stage_charged, IdeaStage, ReportParams, ReportState, StageOutput};

/// Where a report's stage tasks are queued: the route of its first one.
/// The namespace and the commercial flag name the queues of its pictures
/// (another family); a row from before they were kept has no pictures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StageRoute {
    pub pool: String,
    pub lane: String,
    pub share_key: String,
    pub queue: String,
    #[serde(default)]
    pub namespace: String,
    #[serde(default)]
    pub commercial_only: bool,
}

impl StageRoute {
    /// The queue of a task of `biz` on this route.
    pub fn queue_for(&self, biz: BizType) -> String {
        QueueKey::for_task(biz, Some(&self.pool)).commercial_only(self.commercial_only).name(&self.namespace)
    }

    /// A free task of `biz` (a picture bought with the text it goes with)
    /// on this route, its options checked as a submission's would be.
    pub fn free_task(&self, owner: UserId, biz: BizType, params: &serde_json::Value) -> Result<NewTask, StoreError> {
        let spec = TaskSpec::parse(biz.as_str(), params)
            .map_err(|e| StoreError::other(format!("a {} picture's options: {:?}", biz.as_str(), e.code)))?;
        Ok(NewTask {
            id: TaskId::new(),
            owner,
            biz_type: biz,
            params: spec.to_params(),
            cost: crate::domain::Lingshi::new(0),
            pool: self.pool.clone(),
            lane: self.lane.clone(),
            share_key: self.share_key.clone(),
            queue: self.queue_for(biz),
            idempotency_key: None,
        })
    }
}

/// When video and offline ideas stop being free, and what today is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StagePricing {
    pub today: NaiveDate,
    pub ideas_free_until: NaiveDate,
}

#[derive(Debug, Clone, PartialEq)]
pub struct IdeaReport {
    pub id: String,
    pub owner: UserId,
    pub title: String,
    pub source_type: String,
    pub hotspot_id: Option<String>,
    pub params: ReportParams,
    pub state: ReportState,
    /// The last stage delivered; `None` while none has been.
    pub stage: Option<IdeaStage>,
    pub running_stage: Option<IdeaStage>,
    pub current_task: Option<TaskId>,
    pub error_stage: Option<IdeaStage>,
    pub error_code: Option<String>,
    pub sections: BTreeMap<IdeaStage, StageOutput>,
    /// The pictures of the picture ideas, once those arrived.
    pub pictures: Vec<IdeaPicture>,
    pub route: StageRoute,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

/// The stage name stored before any stage is delivered.
const CREATED: &str = "created";

fn stage_of(raw: Option<&str>, what: &str) -> Result<Option<IdeaStage>, StoreError> {
    match raw {
        None | Some(CREATED) => Ok(None),
        Some(s) => {
            IdeaStage::parse(s).map(Some).ok_or_else(|| StoreError::corrupt("idea_reports", format!("{what}: {s}")))
        }
    }
}

impl TryFrom<idea_reports::Model> for IdeaReport {
    type Error = StoreError;

    fn try_from(m: idea_reports::Model) -> Result<Self, StoreError> {
        let corrupt = |what: &str| StoreError::corrupt("idea_reports", format!("{}: {what}", m.id));
        let sections: BTreeMap<String, StageOutput> =
            serde_json::from_value(m.sections.clone()).map_err(|_| corrupt("sections"))?;
        let sections = sections
            .into_iter()
            .map(|(k, v)| IdeaStage::parse(&k).map(|s| (s, v)).ok_or_else(|| corrupt("section name")))
            .collect::<Result<_, _>>()?;
        Ok(IdeaReport {
            owner: UserId(m.owner_id),
            title: m.title.clone(),
            source_type: m.source_type.clone(),
            hotspot_id: m.hotspot_id.clone(),
            params: serde_json::from_value(m.params.clone()).map_err(|_| corrupt("params"))?,
            state: ReportState::parse(&m.state).ok_or_else(|| corrupt("state"))?,
            stage: stage_of(Some(&m.stage), "stage")?,
            running_stage: stage_of(m.running_stage.as_deref(), "running_stage")?,
            current_task: m
                .current_task_id
                .as_deref()
                .map(|t| t.parse().map_err(|_| corrupt("task id")))
                .transpose()?,
            error_stage: stage_of(m.error_stage.as_deref(), "error_stage")?,
            error_code: m.error_code.clone(),
            sections,
            pictures: serde_json::from_value(m.pictures.clone()).map_err(|_| corrupt("pictures"))?,
            route: serde_json::from_value(m.route.clone()).map_err(|_| corrupt("route"))?,
            created_at: m.created_at,
            updated_at: m.updated_at,
            finished_at: m.finished_at,
            id: m.id,
        })
    }
}

fn sections_json(sections: &BTreeMap<IdeaStage, StageOutput>) -> serde_json::Value {
    let by_name: BTreeMap<&str, &StageOutput> = sections.iter().map(|(k, v)| (k.as_str(), v)).collect();
    serde_json::to_value(by_name).unwrap_or_default()
}

/// What the API hands the store to start a report.
#[derive(Debug, Clone)]
pub struct NewReport {
    pub id: String,
    pub owner: UserId,
    pub title: String,
    pub source_type: String,
    pub hotspot_id: Option<String>,
    pub params: ReportParams,
    pub route: StageRoute,
}

/// The options of `stage`'s task, charged as the pricing says.
pub fn stage_spec(
    report_id: &str,
    params: &ReportParams,
    stage: IdeaStage,
    summary: Option<String>,
    pricing: StagePricing,
) -> TaskSpec {
    TaskSpec::IdeaStage(IdeaStageSpec {
        report_id: report_id.to_owned(),
        stage,
        brief: params.brief.clone(),
        summary,
        charged: stage_charged(stage, pricing.today, pricing.ideas_free_until),
    })
}

/// The task of `stage` for `report`, queued on the report's route.
pub fn stage_task(
    report_id: &str,
    owner: UserId,
    params: &ReportParams,
    stage: IdeaStage,
    summary: Option<String>,
    route: &StageRoute,
    pricing: StagePricing,
) -> NewTask {
    let spec = stage_spec(report_id, params, stage, summary, pricing);
    NewTask {
        id: TaskId::new(),
        owner,
        biz_type: BizType::MktIdeaGen,
        params: spec.to_params(),
        cost: spec.cost(),
        pool: route.pool.clone(),
        lane: route.lane.clone(),
        share_key: route.share_key.clone(),
        queue: route.queue.clone(),
        idempotency_key: None,
    }
}

/// Creates the report and its first stage's task in one transaction,
/// refusing (nothing created) when the owner already has
/// `max_unfinished` tasks unfinished or cannot pay the first stage.
pub async fn create(
    db: &DatabaseConnection,
    new: NewReport,
    pricing: StagePricing,
    max_unfinished: u64,
) -> Result<IdeaReport, StoreError> {
    let first = *new.params.plan().first().ok_or_else(|| StoreError::other("a report plan has no stages"))?;
    let task = stage_task(&new.id, new.owner, &new.params, first, None, &new.route, pricing);
    let task_id = task.id;
    let now = Utc::now();
    let txn = db.begin().await?;
    if task_store::unfinished_singles(&txn, new.owner).await? >= max_unfinished {
        txn.rollback().await?;
        return Err(StoreError::TaskLimit);
    }
    insert_task(&txn, task, None, now).await?;
    let model = idea_reports::ActiveModel {
        id: Set(new.id),
        owner_id: Set(new.owner.0),
        title: Set(new.title),
        source_type: Set(new.source_type),
        hotspot_id: Set(new.hotspot_id),
        params: Set(serde_json::to_value(&new.params).map_err(|e| StoreError::other(e.to_string()))?),
        state: Set(ReportState::Generating.as_str().to_owned()),
        stage: Set(CREATED.to_owned()),
        running_stage: Set(Some(first.as_str().to_owned())),
        current_task_id: Set(Some(task_id.to_string())),
        error_stage: Set(None),
        error_code: Set(None),
        sections: Set(serde_json::json!({})),
        pictures: Set(serde_json::json!([])),
        route: Set(serde_json::to_value(&new.route).map_err(|e| StoreError::other(e.to_string()))?),
        created_at: Set(now),
        updated_at: Set(now),
        finished_at: Set(None),
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    model.try_into()
}

pub async fn get(db: &impl ConnectionTrait, id: &str) -> Result<Option<IdeaReport>, StoreError> {
    idea_reports::Entity::find_by_id(id.to_owned()).one(db).await?.map(IdeaReport::try_from).transpose()
}

/// The owner's reports, newest first, one page, and how many there are.
pub async fn list(
    db: &impl ConnectionTrait,
    owner: UserId,
    page: u64,
    page_size: u64,
) -> Result<(Vec<IdeaReport>, u64), StoreError> {
    let query = idea_reports::Entity::find().filter(idea_reports::Column::OwnerId.eq(owner.0));
    let total = query.clone().count(db).await?;
    let rows = query
        .order_by_desc(idea_reports::Column::CreatedAt)
        .order_by_desc(idea_reports::Column::Id)
        .offset(page.saturating_sub(1) * page_size)
        .limit(page_size)
        .all(db)
        .await?;
    Ok((rows.into_iter().map(IdeaReport::try_from).collect::<Result<_, _>>()?, total))
}

/// Ids of reports still generating, oldest first (the sweeper's round).
pub async fn generating(db: &impl ConnectionTrait, limit: u64) -> Result<Vec<String>, StoreError> {
    Ok(idea_reports::Entity::find()
        .select_only()
        .column(idea_reports::Column::Id)
        .filter(idea_reports::Column::State.eq(ReportState::Generating.as_str()))
        .order_by_asc(idea_reports::Column::UpdatedAt)
        .limit(limit)
        .into_tuple::<String>()
        .all(db)
        .await?)
}

/// What [`reconcile`] did.
#[derive(Debug, Clone, PartialEq)]
pub enum Progress {
    /// Nothing to do: the stage is still queued or running, the report has
    /// ended, or another caller moved it first.
    Unchanged,
    /// A stage was taken in and the next one's task created (to dispatch),
    /// with the queues of any pictures it started.
    Advanced { next_task: TaskId, queue: String, pool: String, picture_queues: Vec<String> },
    /// The report ended (completed, failed or cancelled).
    Ended(ReportState),
}

/// Whether reconciling may start the next stage, or only take in what was
/// delivered and end (a cancel).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Advance,
    Cancel,
}

/// Moves the report on from its stage task's outcome; see the module.
pub async fn reconcile(
    db: &DatabaseConnection,
    id: &str,
    pricing: StagePricing,
    mode: Mode,
) -> Result<Progress, StoreError> {
    let Some(report) = get(db, id).await? else { return Ok(Progress::Unchanged) };
    if report.state.is_final() {
        return Ok(Progress::Unchanged);
    }
    let (Some(task_id), Some(running)) = (report.current_task, report.running_stage) else {
        return Ok(Progress::Unchanged);
    };
    let Some(task) = task_store::get_task(db, task_id).await? else {
        return end(db, &report, task_id, ReportState::Failed, Some((running, "TASK_NOT_FOUND"))).await;
    };
    match task.status {
        TaskStatus::New | TaskStatus::Running => Ok(Progress::Unchanged),
        TaskStatus::Failed | TaskStatus::Timeout => {
            let code = task.error_code.as_deref().unwrap_or("GENERATION_FAILED");
            if code == "TASK_STOPPED" || mode == Mode::Cancel {
                end(db, &report, task_id, ReportState::Cancelled, None).await
            } else {
                end(db, &report, task_id, ReportState::Failed, Some((running, code))).await
            }
        }
        TaskStatus::Success => {
            let Some(output) = task.results.iter().find_map(|r| r.stage_output.clone()) else {
                return end(db, &report, task_id, ReportState::Failed, Some((running, "GENERATION_FAILED"))).await;
            };
            let mut sections = report.sections.clone();
            sections.insert(running, output);
            let next = next_after(&report.params.plan(), running);
            match (next, mode) {
                (Some(next), Mode::Advance) => advance(db, &report, task_id, running, sections, next, pricing).await,
                (None, _) => {
                    take_in_and_end(db, &report, task_id, running, sections, ReportState::Completed, None).await
                }
                (Some(_), Mode::Cancel) => {
                    take_in_and_end(db, &report, task_id, running, sections, ReportState::Cancelled, None).await
                }
            }
        }
    }
}

/// The picture tasks of the ideas `done` delivered, when it is the picture
/// ideas stage and the report has a product photo: a scene and a design
/// picture per idea, free (the ideas' price bought them), on the report's
/// route; and the pictures as the report keeps them.
fn picture_tasks(
    report: &IdeaReport,
    done: IdeaStage,
    output: &StageOutput,
) -> Result<(Vec<NewTask>, Vec<IdeaPicture>), StoreError> {
    let (IdeaStage::AdviceOnline, StageOutput::Ideas(ideas), Some(product)) =
        (done, output, report.params.product_image)
    else {
        return Ok((Vec::new(), Vec::new()));
    };
    if report.route.namespace.is_empty() {
        return Ok((Vec::new(), Vec::new()));
    }
    let mut tasks = Vec::new();
    let mut pictures = Vec::new();
    for (index, idea) in ideas.iter().enumerate() {
        for kind in PictureKind::ALL {
            let (biz, params) = match kind {
                PictureKind::Scene => (BizType::ProductImage, scene_params(idea, product)),
                PictureKind::Design => (BizType::PlacardGen, design_params(idea, &report.params.brief.topic, product)),
            };
            let task = report.route.free_task(report.owner, biz, &params)?;
            pictures.push(IdeaPicture { idea: index, kind: *kind, task_id: task.id });
            tasks.push(task);
        }
    }
    Ok((tasks, pictures))
}

fn pictures_json(pictures: &[IdeaPicture]) -> serde_json::Value {
    serde_json::to_value(pictures).unwrap_or_else(|_| serde_json::json!([]))
}

/// The update that moves a report only if it is still at `task`.
fn guarded(id: &str, task: TaskId) -> sea_orm::UpdateMany<idea_reports::Entity> {
    idea_reports::Entity::update_many()
        .filter(idea_reports::Column::Id.eq(id))
        .filter(idea_reports::Column::CurrentTaskId.eq(task.to_string()))
        .filter(idea_reports::Column::State.eq(ReportState::Generating.as_str()))
}

async fn advance(
    db: &DatabaseConnection,
    report: &IdeaReport,
    task: TaskId,
    done: IdeaStage,
    sections: BTreeMap<IdeaStage, StageOutput>,
    next: IdeaStage,
    pricing: StagePricing,
) -> Result<Progress, StoreError> {
    let summary = match sections.get(&IdeaStage::Summary) {
        Some(StageOutput::Summary(s)) => Some(s.clone()),
        _ => None,
    };
    let new_task = stage_task(&report.id, report.owner, &report.params, next, summary, &report.route, pricing);
    let next_id = new_task.id;
    let (picture_tasks, pictures) = match sections.get(&done) {
        Some(output) => picture_tasks(report, done, output)?,
        None => (Vec::new(), Vec::new()),
    };
    let mut picture_queues: Vec<String> = picture_tasks.iter().map(|t| t.queue.clone()).collect();
    picture_queues.dedup();
    let now = Utc::now();
    let txn = db.begin().await?;
    let mut update = guarded(&report.id, task)
        .col_expr(idea_reports::Column::Stage, Expr::value(done.as_str()))
        .col_expr(idea_reports::Column::RunningStage, Expr::value(next.as_str()))
        .col_expr(idea_reports::Column::CurrentTaskId, Expr::value(next_id.to_string()))
        .col_expr(idea_reports::Column::Sections, Expr::value(sections_json(&sections)))
        .col_expr(idea_reports::Column::UpdatedAt, Expr::value(now));
    if !pictures.is_empty() {
        update = update.col_expr(idea_reports::Column::Pictures, Expr::value(pictures_json(&pictures)));
    }
    let moved = update.exec(&txn).await?;
    if moved.rows_affected != 1 {
        txn.rollback().await?;
        return Ok(Progress::Unchanged);
    }
    for picture in picture_tasks {
        insert_task(&txn, picture, None, now).await?;
    }
    match insert_task(&txn, new_task, None, now).await {
        Ok(_) => {
            txn.commit().await?;
            Ok(Progress::Advanced {
                next_task: next_id,
                queue: report.route.queue.clone(),
                pool: report.route.pool.clone(),
                picture_queues,
            })
        }
        // The merchant spent their lingshi elsewhere since the report
        // started: it stops here, with what it delivered.
        Err(StoreError::InsufficientLingshi) => {
            txn.rollback().await?;
            let error = Some((next, StoreError::InsufficientLingshi.code()));
            take_in_and_end(db, report, task, done, sections, ReportState::Failed, error).await
        }
        Err(e) => Err(e),
    }
}

/// Takes the delivered `done` stage in and ends the report in `state`;
/// `error` is the stage that could not start and why.
async fn take_in_and_end(
    db: &DatabaseConnection,
    report: &IdeaReport,
    task: TaskId,
    done: IdeaStage,
    sections: BTreeMap<IdeaStage, StageOutput>,
    state: ReportState,
    error: Option<(IdeaStage, &str)>,
) -> Result<Progress, StoreError> {
    // The picture ideas as the last stage of a completed report still get
    // their pictures (a cancelled or failed report does not).
    let (picture_tasks, pictures) = match (state, sections.get(&done)) {
        (ReportState::Completed, Some(output)) => picture_tasks(report, done, output)?,
        _ => (Vec::new(), Vec::new()),
    };
    let now = Utc::now();
    let txn = db.begin().await?;
    let mut update = guarded(&report.id, task);
    if !pictures.is_empty() {
        update = update.col_expr(idea_reports::Column::Pictures, Expr::value(pictures_json(&pictures)));
    }
    let moved = update
        .col_expr(idea_reports::Column::State, Expr::value(state.as_str()))
        .col_expr(idea_reports::Column::ErrorStage, Expr::value(error.map(|(s, _)| s.as_str())))
        .col_expr(idea_reports::Column::ErrorCode, Expr::value(error.map(|(_, c)| c.to_owned())))
        .col_expr(idea_reports::Column::Stage, Expr::value(done.as_str()))
        .col_expr(idea_reports::Column::RunningStage, Expr::value(Option::<String>::None))
        .col_expr(idea_reports::Column::CurrentTaskId, Expr::value(Option::<String>::None))
        .col_expr(idea_reports::Column::Sections, Expr::value(sections_json(&sections)))
        .col_expr(idea_reports::Column::UpdatedAt, Expr::value(now))
        .col_expr(idea_reports::Column::FinishedAt, Expr::value(now))
        .exec(&txn)
        .await?;
    if moved.rows_affected != 1 {
        txn.rollback().await?;
        return Ok(Progress::Unchanged);
    }
    for picture in picture_tasks {
        insert_task(&txn, picture, None, now).await?;
    }
    txn.commit().await?;
    Ok(Progress::Ended(state))
}

/// Ends the report without taking anything in; `error` is the stage that
/// failed and its code.
async fn end(
    db: &DatabaseConnection,
    report: &IdeaReport,
    task: TaskId,
    state: ReportState,
    error: Option<(IdeaStage, &str)>,
) -> Result<Progress, StoreError> {
    let now = Utc::now();
    let moved = guarded(&report.id, task)
        .col_expr(idea_reports::Column::State, Expr::value(state.as_str()))
        .col_expr(idea_reports::Column::RunningStage, Expr::value(Option::<String>::None))
        .col_expr(idea_reports::Column::CurrentTaskId, Expr::value(Option::<String>::None))
        .col_expr(idea_reports::Column::ErrorStage, Expr::value(error.map(|(s, _)| s.as_str())))
        .col_expr(idea_reports::Column::ErrorCode, Expr::value(error.map(|(_, c)| c.to_owned())))
        .col_expr(idea_reports::Column::UpdatedAt, Expr::value(now))
        .col_expr(idea_reports::Column::FinishedAt, Expr::value(now))
        .exec(db)
        .await?;
    Ok(if moved.rows_affected == 1 { Progress::Ended(state) } else { Progress::Unchanged })
}

/// The owner cancels a generating report: its running stage is stopped
/// (refunded if it had not delivered), what was delivered stays, and no
/// further stage starts. False when the report is not the owner's or has
/// already ended.
pub async fn cancel(
    db: &DatabaseConnection,
    id: &str,
    owner: UserId,
    pricing: StagePricing,
) -> Result<bool, StoreError> {
    // A stage may finish, or the next one start, while this runs: stop
    // whatever task the report is at until it has ended (a few rounds at
    // most; each round the report either ends or has moved on).
    for _ in 0..4 {
        let Some(report) = get(db, id).await? else { return Ok(false) };
        if report.owner != owner || report.state.is_final() {
            return Ok(false);
        }
        if let Some(task) = report.current_task {
            task_store::stop_task(db, task, owner).await?;
        }
        if let Progress::Ended(_) = reconcile(db, id, pricing, Mode::Cancel).await? {
            return Ok(true);
        }
    }
    Ok(get(db, id).await?.is_some_and(|r| r.state == ReportState::Cancelled))
}
