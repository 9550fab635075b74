//! Upload quota and sweeper. `uploads.size_bytes` exists since the first
//! migration (the quota sums it per owner, through `idx_uploads_owner`);
//! the sweeper reads uploads oldest first by `created_at`, which needs an
//! index of its own so a sweep round reads its batch, not the table.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Uploads {
    Table,
    CreatedAt,
}

const BY_CREATED: &str = "idx_uploads_created_at";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_index(Index::create().name(BY_CREATED).table(Uploads::Table).col(Uploads::CreatedAt).to_owned()).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(Index::drop().name(BY_CREATED).table(Uploads::Table).to_owned()).await
    }
}
