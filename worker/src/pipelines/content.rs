//! MKT_CONTENT_GEN: one platform's post of a content batch, written like a
//! rewrite (`copywriting::write_results`: published while written, every
//! copy rule enforced, refunded when no answer passes), from the batch's
//! brief. The batch takes the result in (`db::store::content`).

use pixmart_shared::copywriting::prompt::Brief;
use pixmart_shared::domain::task_spec::ContentSpec;
use pixmart_shared::domain::{TaskId, TaskResult};

use super::copywriting::{write_results, CopyOrder, Progress};
use crate::failure::JobFailure;
use crate::WorkerContext;

pub async fn run(ctx: &WorkerContext, task_id: TaskId, spec: &ContentSpec) -> Result<Vec<TaskResult>, JobFailure> {
    let facts = spec.brief.facts();
    let order = CopyOrder {
        brief: Brief::Content { brief: &spec.brief, facts: &facts },
        platform: spec.platform,
        style: spec.brief.style,
        language: spec.brief.language,
        count: 1,
    };
    write_results(ctx, task_id, &order, Progress::WHOLE).await
}
