//! Saved images: task results a user pinned into the creation space. Each
//! row owns a copy of the file (`saved/<user>/<id>.<ext>`), so there is no
//! foreign key to the task: the saved image stays when the task's history
//! and result files are gone. One row per (user, task, result, quality)
//! makes saving twice answer the first copy.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SavedImages {
    Table,
    /// UUID text, like task ids.
    Id,
    UserId,
    TaskId,
    BizType,
    /// Position among the task's image results.
    ResultIndex,
    /// `standard` or `2k`.
    Quality,
    StorageKey,
    Width,
    Height,
    CreatedAt,
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
                .table(SavedImages::Table)
                .col(ColumnDef::new(SavedImages::Id).string_len(36).not_null().primary_key())
                .col(ColumnDef::new(SavedImages::UserId).big_integer().not_null())
                .col(ColumnDef::new(SavedImages::TaskId).string_len(36).not_null())
                .col(ColumnDef::new(SavedImages::BizType).string_len(64).not_null())
                .col(ColumnDef::new(SavedImages::ResultIndex).integer().not_null())
                .col(ColumnDef::new(SavedImages::Quality).string_len(16).not_null())
                .col(ColumnDef::new(SavedImages::StorageKey).string_len(512).not_null())
                .col(ColumnDef::new(SavedImages::Width).integer().not_null())
                .col(ColumnDef::new(SavedImages::Height).integer().not_null())
                .col(ColumnDef::new(SavedImages::CreatedAt).timestamp_with_time_zone().not_null())
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_saved_images_user")
                        .from(SavedImages::Table, SavedImages::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ux_saved_images_once")
                .table(SavedImages::Table)
                .col(SavedImages::UserId)
                .col(SavedImages::TaskId)
                .col(SavedImages::ResultIndex)
                .col(SavedImages::Quality)
                .unique()
                .to_owned(),
        )
        .await?;
        // The creation space lists a user's saved images newest first.
        m.create_index(
            Index::create()
                .name("ix_saved_images_user_created")
                .table(SavedImages::Table)
                .col(SavedImages::UserId)
                .col(SavedImages::CreatedAt)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(SavedImages::Table).to_owned()).await
    }
}
