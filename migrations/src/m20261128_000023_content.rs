//! Content per platform (/mott-content): a batch is one request (subject,
//! product, platforms); an item is one platform's post, pointing at the
//! task writing it now. Items are rows of their own so that each moves on
//! its own (`UPDATE ... WHERE current_task_id = <the task seen>`).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ContentBatches {
    Table,
    Id,
    OwnerId,
    Source,
    HotspotId,
    ReportId,
    Brief,
    Route,
    CreatedAt,
}

#[derive(DeriveIden)]
enum ContentItems {
    Table,
    Id,
    BatchId,
    OwnerId,
    Platform,
    Position,
    Status,
    Title,
    Content,
    Tags,
    Images,
    GenImages,
    CurrentTaskId,
    ErrorCode,
    Edited,
    Rating,
    CreatedAt,
    UpdatedAt,
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
                .table(ContentBatches::Table)
                .col(ColumnDef::new(ContentBatches::Id).string_len(36).not_null().primary_key())
                .col(ColumnDef::new(ContentBatches::OwnerId).big_integer().not_null())
                .col(ColumnDef::new(ContentBatches::Source).string_len(32).not_null())
                // A removed hotspot or report leaves its posts as they were.
                .col(ColumnDef::new(ContentBatches::HotspotId).string_len(36).null())
                .col(ColumnDef::new(ContentBatches::ReportId).string_len(36).null())
                .col(ColumnDef::new(ContentBatches::Brief).json_binary().not_null())
                .col(ColumnDef::new(ContentBatches::Route).json_binary().not_null())
                .col(ColumnDef::new(ContentBatches::CreatedAt).timestamp_with_time_zone().not_null())
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_content_batches_owner")
                        .from(ContentBatches::Table, ContentBatches::OwnerId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_content_batches_owner_created")
                .table(ContentBatches::Table)
                .col(ContentBatches::OwnerId)
                .col(ContentBatches::CreatedAt)
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(ContentItems::Table)
                .col(ColumnDef::new(ContentItems::Id).string_len(36).not_null().primary_key())
                .col(ColumnDef::new(ContentItems::BatchId).string_len(36).not_null())
                .col(ColumnDef::new(ContentItems::OwnerId).big_integer().not_null())
                .col(ColumnDef::new(ContentItems::Platform).string_len(16).not_null())
                .col(ColumnDef::new(ContentItems::Position).small_integer().not_null())
                .col(ColumnDef::new(ContentItems::Status).string_len(32).not_null())
                .col(ColumnDef::new(ContentItems::Title).text().null())
                .col(ColumnDef::new(ContentItems::Content).text().null())
                .col(ColumnDef::new(ContentItems::Tags).json_binary().not_null())
                // The post's pictures: upload ids, in order.
                .col(ColumnDef::new(ContentItems::Images).json_binary().not_null())
                // The pictures made for its text from the batch's product
                // photo: which kind, which task.
                .col(ColumnDef::new(ContentItems::GenImages).json_binary().not_null())
                .col(ColumnDef::new(ContentItems::CurrentTaskId).string_len(36).null())
                .col(ColumnDef::new(ContentItems::ErrorCode).string_len(64).null())
                .col(ColumnDef::new(ContentItems::Edited).boolean().not_null())
                .col(ColumnDef::new(ContentItems::Rating).string_len(16).null())
                .col(ColumnDef::new(ContentItems::CreatedAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(ContentItems::UpdatedAt).timestamp_with_time_zone().not_null())
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_content_items_batch")
                        .from(ContentItems::Table, ContentItems::BatchId)
                        .to(ContentBatches::Table, ContentBatches::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_content_items_batch")
                .table(ContentItems::Table)
                .col(ContentItems::BatchId)
                .col(ContentItems::Position)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_content_items_status")
                .table(ContentItems::Table)
                .col(ContentItems::Status)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(ContentItems::Table).to_owned()).await?;
        m.drop_table(Table::drop().table(ContentBatches::Table).to_owned()).await
    }
}
