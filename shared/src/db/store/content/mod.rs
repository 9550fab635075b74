//! Content batches and their posts (/mott-content). A batch holds the
//! brief; each post (item) is one platform's, written by one task at a
//! time. [`progress::reconcile`] takes a finished task into its item;
//! every move is an `UPDATE ... WHERE current_task_id = <the task seen>`,
//! so the page polling, the sweeper and a stop may move an item at once
//! and a task's outcome is taken in once: a stopped item ignores its task's
//! later answer.

mod create;
mod edit;
mod progress;
mod read;

pub use create::{continue_batch, create, regenerate, NewBatch};
pub use edit::{add_image, rate, remove_image, save_text, Edit};
pub use progress::{loading_batches, reconcile, stop_batch, stop_item};
pub use read::{get, get_item, list, ContentBatch, ContentItem};

use chrono::Utc;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use crate::db::entities::content_items;
use crate::db::store::idea_reports::StageRoute;
use crate::db::store::tasks::NewTask;
use crate::domain::task_spec::ContentSpec;
use crate::domain::{BizType, TaskId, TaskSpec, UserId};
use crate::marketing::content::ItemStatus;

/// The task that writes `item` of `batch`, queued on the batch's route.
fn item_task(batch: &ContentBatch, item: &ContentItem, owner: UserId) -> NewTask {
    let spec = TaskSpec::Content(ContentSpec {
        batch_id: batch.id.clone(),
        item_id: item.id.clone(),
        platform: item.platform,
        brief: batch.brief.clone(),
    });
    new_task(&spec, owner, &batch.route)
}

fn new_task(spec: &TaskSpec, owner: UserId, route: &StageRoute) -> NewTask {
    NewTask {
        id: TaskId::new(),
        owner,
        biz_type: BizType::MktContentGen,
        params: spec.to_params(),
        cost: spec.cost(),
        pool: route.pool.clone(),
        lane: route.lane.clone(),
        share_key: route.share_key.clone(),
        queue: route.queue.clone(),
        idempotency_key: None,
    }
}

/// The update that moves an item only while it is still at `task`.
fn at_task(item: &str, task: TaskId) -> sea_orm::UpdateMany<content_items::Entity> {
    content_items::Entity::update_many()
        .filter(content_items::Column::Id.eq(item))
        .filter(content_items::Column::CurrentTaskId.eq(task.to_string()))
}

/// The update that moves an item only while no task writes it.
fn idle(item: &str) -> sea_orm::UpdateMany<content_items::Entity> {
    content_items::Entity::update_many()
        .filter(content_items::Column::Id.eq(item))
        .filter(content_items::Column::Status.is_not_in(loading_names()))
        .col_expr(content_items::Column::UpdatedAt, Expr::value(Utc::now()))
}

fn loading_names() -> Vec<&'static str> {
    ItemStatus::ALL.iter().filter(|s| s.is_loading()).map(|s| s.as_str()).collect()
}
