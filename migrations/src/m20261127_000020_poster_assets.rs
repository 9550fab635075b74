//! Poster materials (`/modi-poster-material`): a user's images and logos,
//! each one of the user's uploads, optionally shared with the user's
//! tenant. An asset refers to its upload, so the upload sweeper keeps it.
//! The list pages by (updated_at_ms, id), newest first.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PosterAssets {
    Table,
    Id,
    OwnerId,
    UploadId,
    Name,
    Kind,
    SharedTenantId,
    CreatedAt,
    UpdatedAtMs,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(PosterAssets::Table)
                .col(ColumnDef::new(PosterAssets::Id).string_len(36).not_null().primary_key())
                .col(ColumnDef::new(PosterAssets::OwnerId).big_integer().not_null())
                .col(ColumnDef::new(PosterAssets::UploadId).string_len(36).not_null())
                .col(ColumnDef::new(PosterAssets::Name).string_len(255).not_null())
                .col(ColumnDef::new(PosterAssets::Kind).small_integer().not_null())
                .col(ColumnDef::new(PosterAssets::SharedTenantId).big_integer().null())
                .col(ColumnDef::new(PosterAssets::CreatedAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(PosterAssets::UpdatedAtMs).big_integer().not_null())
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_poster_assets_owner")
                        .from(PosterAssets::Table, PosterAssets::OwnerId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        // One asset per upload of a user: adding it again is the same asset.
        m.create_index(
            Index::create()
                .name("ux_poster_assets_owner_upload")
                .table(PosterAssets::Table)
                .col(PosterAssets::OwnerId)
                .col(PosterAssets::UploadId)
                .unique()
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_poster_assets_owner_updated")
                .table(PosterAssets::Table)
                .col(PosterAssets::OwnerId)
                .col(PosterAssets::UpdatedAtMs)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_poster_assets_tenant_updated")
                .table(PosterAssets::Table)
                .col(PosterAssets::SharedTenantId)
                .col(PosterAssets::UpdatedAtMs)
                .to_owned(),
        )
        .await?;
        // The sweeper asks whether any asset refers to an upload.
        m.create_index(
            Index::create()
                .name("ix_poster_assets_upload")
                .table(PosterAssets::Table)
                .col(PosterAssets::UploadId)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(PosterAssets::Table).to_owned()).await
    }
}
