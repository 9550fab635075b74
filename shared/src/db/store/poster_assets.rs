//! Poster materials: add (once per upload of a user), list by cursor, read,
//! change and remove. A user sees their own assets and those shared with
//! their tenant; only the owner changes or removes one.

use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, SqlErr,
};

use crate::db::entities::poster_assets;
use crate::db::StoreError;
use crate::domain::poster_asset::{AssetChange, AssetKind, AssetQuery, AssetScope, PosterAsset};
use crate::domain::{PosterAssetId, UploadId, UserId};

impl TryFrom<poster_assets::Model> for PosterAsset {
    type Error = StoreError;
    fn try_from(m: poster_assets::Model) -> Result<Self, StoreError> {
        let bad = |d: &str| StoreError::corrupt("poster_assets", format!("{}: {d}", m.id));
        Ok(PosterAsset {
            id: m.id.parse().map_err(|_| bad("id"))?,
            owner: UserId(m.owner_id),
            upload: m.upload_id.parse().map_err(|_| bad("upload_id"))?,
            name: m.name.clone(),
            kind: AssetKind::from_code(i64::from(m.kind)).ok_or_else(|| bad("kind"))?,
            shared_with: m.shared_tenant_id,
            created_at: m.created_at,
            updated_at_ms: m.updated_at_ms,
        })
    }
}

/// Who is asking: the user and the tenant they belong to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Viewer {
    pub user: UserId,
    pub tenant: Option<i64>,
}

impl Viewer {
    fn sees(self, scope: AssetScope) -> Condition {
        let mine = poster_assets::Column::OwnerId.eq(self.user.0);
        let team = self.tenant.map(|t| poster_assets::Column::SharedTenantId.eq(t));
        match (scope, team) {
            (AssetScope::Mine, _) => Condition::all().add(mine),
            (AssetScope::Tenant, Some(team)) => Condition::all().add(team),
            // No tenant: nothing is shared with the caller.
            (AssetScope::Tenant, None) => Condition::all().add(Expr::value(false)),
            (AssetScope::All, Some(team)) => Condition::any().add(mine).add(team),
            (AssetScope::All, None) => Condition::all().add(mine),
        }
    }
}

/// What adding came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Added {
    New(PosterAsset),
    /// The user had added this upload before (or a concurrent add won).
    Existing(PosterAsset),
}

pub async fn count_owned(db: &impl ConnectionTrait, owner: UserId) -> Result<u64, StoreError> {
    Ok(poster_assets::Entity::find().filter(poster_assets::Column::OwnerId.eq(owner.0)).count(db).await?)
}

/// The user's asset made from `upload`, if any.
pub async fn find_by_upload(
    db: &impl ConnectionTrait,
    owner: UserId,
    upload: UploadId,
) -> Result<Option<PosterAsset>, StoreError> {
    poster_assets::Entity::find()
        .filter(poster_assets::Column::OwnerId.eq(owner.0))
        .filter(poster_assets::Column::UploadId.eq(upload.to_string()))
        .one(db)
        .await?
        .map(PosterAsset::try_from)
        .transpose()
}

/// Inserts the asset; the unique (owner, upload) index decides between two
/// concurrent adds of one upload.
pub async fn insert(db: &impl ConnectionTrait, a: &PosterAsset) -> Result<Added, StoreError> {
    let row = poster_assets::ActiveModel {
        id: Set(a.id.to_string()),
        owner_id: Set(a.owner.0),
        upload_id: Set(a.upload.to_string()),
        name: Set(a.name.clone()),
        kind: Set(i16::from(a.kind.code())),
        shared_tenant_id: Set(a.shared_with),
        created_at: Set(a.created_at),
        updated_at_ms: Set(a.updated_at_ms),
    };
    match row.insert(db).await {
        Ok(m) => Ok(Added::New(PosterAsset::try_from(m)?)),
        Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
            match find_by_upload(db, a.owner, a.upload).await? {
                Some(existing) => Ok(Added::Existing(existing)),
                None => Err(e.into()),
            }
        }
        Err(e) => Err(e.into()),
    }
}

/// One page: up to `q.size` assets the viewer sees, newest change first,
/// after `q.after`; and whether more follow.
pub async fn list(
    db: &impl ConnectionTrait,
    viewer: Viewer,
    q: &AssetQuery,
) -> Result<(Vec<PosterAsset>, bool), StoreError> {
    use poster_assets::Column as C;
    let mut find = poster_assets::Entity::find().filter(viewer.sees(q.scope));
    if let Some(kind) = q.kind {
        find = find.filter(C::Kind.eq(i16::from(kind.code())));
    }
    if let Some(from) = q.from_ms {
        find = find.filter(C::UpdatedAtMs.gte(from));
    }
    if let Some(until) = q.until_ms {
        find = find.filter(C::UpdatedAtMs.lt(until));
    }
    if let Some(after) = q.after {
        find = find.filter(
            Condition::any()
                .add(C::UpdatedAtMs.lt(after.updated_at_ms))
                .add(Condition::all().add(C::UpdatedAtMs.eq(after.updated_at_ms)).add(C::Id.lt(after.id.to_string()))),
        );
    }
    let mut rows =
        find.order_by_desc(C::UpdatedAtMs).order_by_desc(C::Id).limit(q.size.saturating_add(1)).all(db).await?;
    let more = rows.len() as u64 > q.size;
    rows.truncate(usize::try_from(q.size).unwrap_or(usize::MAX));
    let items = rows.into_iter().map(PosterAsset::try_from).collect::<Result<_, _>>()?;
    Ok((items, more))
}

/// The asset if the viewer sees it.
pub async fn get_visible(
    db: &impl ConnectionTrait,
    viewer: Viewer,
    id: PosterAssetId,
) -> Result<Option<PosterAsset>, StoreError> {
    poster_assets::Entity::find_by_id(id.to_string())
        .filter(viewer.sees(AssetScope::All))
        .one(db)
        .await?
        .map(PosterAsset::try_from)
        .transpose()
}

/// Applies `change` to the owner's asset (sharing it with `tenant` when
/// asked to share) and stamps it changed at `now_ms`; `None` when the owner
/// has no such asset.
pub async fn change(
    db: &impl ConnectionTrait,
    owner: UserId,
    id: PosterAssetId,
    change: &AssetChange,
    tenant: Option<i64>,
    now_ms: i64,
) -> Result<Option<PosterAsset>, StoreError> {
    let Some(row) = poster_assets::Entity::find_by_id(id.to_string())
        .filter(poster_assets::Column::OwnerId.eq(owner.0))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    // Never backwards: two changes in one millisecond still move it to the top.
    let stamp = now_ms.max(row.updated_at_ms.saturating_add(1));
    let mut active: poster_assets::ActiveModel = row.into();
    if let Some(name) = &change.name {
        active.name = Set(name.as_str().to_owned());
    }
    if let Some(kind) = change.kind {
        active.kind = Set(i16::from(kind.code()));
    }
    if let Some(shared) = change.shared {
        active.shared_tenant_id = Set(if shared { tenant } else { None });
    }
    active.updated_at_ms = Set(stamp);
    PosterAsset::try_from(active.update(db).await?).map(Some)
}

/// Removes the owner's asset (its upload stays until the sweeper finds
/// nothing else refers to it); false when the owner has no such asset.
pub async fn delete(db: &impl ConnectionTrait, owner: UserId, id: PosterAssetId) -> Result<bool, StoreError> {
    let res = poster_assets::Entity::delete_many()
        .filter(poster_assets::Column::Id.eq(id.to_string()))
        .filter(poster_assets::Column::OwnerId.eq(owner.0))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}

/// Whether `upload` is an asset shared with the tenant `user` belongs to
/// (so its members may see it and put it in their own tasks).
pub async fn shared_with_member(db: &impl ConnectionTrait, upload: UploadId, user: UserId) -> Result<bool, StoreError> {
    let Some(tenant) = crate::db::store::tenants::tenant_of_user(db, user).await? else { return Ok(false) };
    Ok(poster_assets::Entity::find()
        .filter(poster_assets::Column::UploadId.eq(upload.to_string()))
        .filter(poster_assets::Column::SharedTenantId.eq(tenant.id))
        .count(db)
        .await?
        > 0)
}
