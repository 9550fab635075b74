//! Idea reports (热点营销策划): one row per report with its brief, the
//! stages delivered so far, the stage running now (a task), and how it
//! ended. The stage tasks are ordinary tasks; the report points at the one
//! running and keeps the route its stages are queued on.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum IdeaReports {
    Table,
    Id,
    OwnerId,
    Title,
    SourceType,
    HotspotId,
    Params,
    State,
    Stage,
    RunningStage,
    CurrentTaskId,
    ErrorStage,
    ErrorCode,
    Sections,
    Pictures,
    Route,
    CreatedAt,
    UpdatedAt,
    FinishedAt,
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
                .table(IdeaReports::Table)
                .col(ColumnDef::new(IdeaReports::Id).string_len(36).not_null().primary_key())
                .col(ColumnDef::new(IdeaReports::OwnerId).big_integer().not_null())
                .col(ColumnDef::new(IdeaReports::Title).string_len(255).not_null())
                .col(ColumnDef::new(IdeaReports::SourceType).string_len(32).not_null())
                // A removed hotspot leaves its reports as they were.
                .col(ColumnDef::new(IdeaReports::HotspotId).string_len(36).null())
                .col(ColumnDef::new(IdeaReports::Params).json_binary().not_null())
                .col(ColumnDef::new(IdeaReports::State).string_len(16).not_null())
                .col(ColumnDef::new(IdeaReports::Stage).string_len(32).not_null())
                .col(ColumnDef::new(IdeaReports::RunningStage).string_len(32).null())
                .col(ColumnDef::new(IdeaReports::CurrentTaskId).string_len(36).null())
                .col(ColumnDef::new(IdeaReports::ErrorStage).string_len(32).null())
                .col(ColumnDef::new(IdeaReports::ErrorCode).string_len(64).null())
                .col(ColumnDef::new(IdeaReports::Sections).json_binary().not_null())
                // The pictures made for the picture ideas: which idea, which
                // kind, which task.
                .col(ColumnDef::new(IdeaReports::Pictures).json_binary().not_null())
                .col(ColumnDef::new(IdeaReports::Route).json_binary().not_null())
                .col(ColumnDef::new(IdeaReports::CreatedAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(IdeaReports::UpdatedAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(IdeaReports::FinishedAt).timestamp_with_time_zone().null())
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_idea_reports_owner")
                        .from(IdeaReports::Table, IdeaReports::OwnerId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_idea_reports_owner_created")
                .table(IdeaReports::Table)
                .col(IdeaReports::OwnerId)
                .col(IdeaReports::CreatedAt)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create().name("ix_idea_reports_state").table(IdeaReports::Table).col(IdeaReports::State).to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(IdeaReports::Table).to_owned()).await
    }
}
