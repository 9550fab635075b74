//! A tenant's own poster templates: stored validated, listed for its
//! members beside the built-in library, imported and exported by admins.
//! A stored document that no longer parses (a renderer upgrade tightened a
//! limit) is reported as corrupt rather than served.

use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, TransactionSession,
    TransactionTrait,
};

use crate::db::entities::poster_templates;
use crate::db::StoreError;
use crate::poster::Template;

/// The tenant's templates, by template id.
pub async fn list(db: &impl ConnectionTrait, tenant: i64) -> Result<Vec<Template>, StoreError> {
    poster_templates::Entity::find()
        .filter(poster_templates::Column::TenantId.eq(tenant))
        .order_by_asc(poster_templates::Column::TemplateId)
        .all(db)
        .await?
        .into_iter()
        .map(|m| {
            Template::from_json(&m.document)
                .map_err(|e| StoreError::corrupt("poster_templates", format!("{}/{}: {e}", m.tenant_id, m.template_id)))
        })
        .collect()
}

/// Stores every template for the tenant in one transaction (a template
/// with an id the tenant already has replaces it). The caller validated
/// them: they come from [`Template::from_json`].
pub async fn import<C: ConnectionTrait + TransactionTrait>(
    db: &C,
    tenant: i64,
    templates: &[Template],
) -> Result<usize, StoreError> {
    let now = chrono::Utc::now();
    let txn = db.begin().await?;
    for t in templates {
        let document =
            serde_json::to_string(t).map_err(|e| StoreError::corrupt("poster_templates", format!("{}: {e}", t.id)))?;
        let row = poster_templates::ActiveModel {
            tenant_id: Set(tenant),
            template_id: Set(t.id.clone()),
            document: Set(document),
            updated_at: Set(now),
            ..Default::default()
        };
        poster_templates::Entity::insert(row)
            .on_conflict(
                OnConflict::columns([poster_templates::Column::TenantId, poster_templates::Column::TemplateId])
                    .update_columns([poster_templates::Column::Document, poster_templates::Column::UpdatedAt])
                    .to_owned(),
            )
            .exec(&txn)
            .await?;
    }
    txn.commit().await?;
    Ok(templates.len())
}

/// Removes one of the tenant's templates; false when it had none by that id.
pub async fn delete(db: &impl ConnectionTrait, tenant: i64, template_id: &str) -> Result<bool, StoreError> {
    let done = poster_templates::Entity::delete_many()
        .filter(poster_templates::Column::TenantId.eq(tenant))
        .filter(poster_templates::Column::TemplateId.eq(template_id))
        .exec(db)
        .await?;
    Ok(done.rows_affected > 0)
}
