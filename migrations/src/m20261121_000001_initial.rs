//! Users, sign-in tokens, uploads, tasks (shaped for all twelve bizTypes),
//! the dispatch outbox and worker nodes.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    Phone,
    Email,
    PasswordHash,
    UserName,
    TenantId,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum AuthTokens {
    Table,
    TokenHash,
    UserId,
    CreatedAt,
    ExpiresAt,
    RevokedAt,
}

#[derive(DeriveIden)]
enum Uploads {
    Table,
    Id,
    OwnerId,
    StorageKey,
    ContentType,
    Width,
    Height,
    SizeBytes,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Tasks {
    Table,
    Id,
    OwnerId,
    BizType,
    Params,
    Status,
    Progress,
    Results,
    ErrorCode,
    ErrorMsg,
    Attempts,
    CostLingshi,
    Pool,
    Lane,
    WorkerId,
    LeaseUntil,
    CreatedAt,
    StartedAt,
    FinishedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum TaskOutbox {
    Table,
    TaskId,
    Queue,
    Attempts,
    NextAttemptAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum WorkerNodes {
    Table,
    Id,
    Name,
    Host,
    Version,
    Device,
    Pool,
    Capabilities,
    Concurrency,
    Status,
    StartedAt,
    LastHeartbeatAt,
}

fn ts(col: impl IntoIden) -> ColumnDef {
    ColumnDef::new(col).timestamp_with_time_zone().not_null().to_owned()
}

fn ts_null(col: impl IntoIden) -> ColumnDef {
    ColumnDef::new(col).timestamp_with_time_zone().null().to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Users::Table)
                .col(ColumnDef::new(Users::Id).big_integer().not_null().auto_increment().primary_key())
                .col(ColumnDef::new(Users::Phone).string_len(11).null().unique_key())
                .col(ColumnDef::new(Users::Email).string_len(254).null().unique_key())
                .col(ColumnDef::new(Users::PasswordHash).string().not_null())
                .col(ColumnDef::new(Users::UserName).string_len(64).not_null())
                .col(ColumnDef::new(Users::TenantId).big_integer().null())
                .col(ts(Users::CreatedAt))
                .col(ts(Users::UpdatedAt))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(AuthTokens::Table)
                .col(ColumnDef::new(AuthTokens::TokenHash).string_len(64).not_null().primary_key())
                .col(ColumnDef::new(AuthTokens::UserId).big_integer().not_null())
                .col(ts(AuthTokens::CreatedAt))
                .col(ts(AuthTokens::ExpiresAt))
                .col(ts_null(AuthTokens::RevokedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(AuthTokens::Table, AuthTokens::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Uploads::Table)
                .col(ColumnDef::new(Uploads::Id).string_len(36).not_null().primary_key())
                .col(ColumnDef::new(Uploads::OwnerId).big_integer().not_null())
                .col(ColumnDef::new(Uploads::StorageKey).string().not_null())
                .col(ColumnDef::new(Uploads::ContentType).string_len(32).not_null())
                .col(ColumnDef::new(Uploads::Width).integer().not_null())
                .col(ColumnDef::new(Uploads::Height).integer().not_null())
                .col(ColumnDef::new(Uploads::SizeBytes).big_integer().not_null())
                .col(ts(Uploads::CreatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(Uploads::Table, Uploads::OwnerId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create().name("idx_uploads_owner").table(Uploads::Table).col(Uploads::OwnerId).to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Tasks::Table)
                .col(ColumnDef::new(Tasks::Id).string_len(36).not_null().primary_key())
                .col(ColumnDef::new(Tasks::OwnerId).big_integer().not_null())
                .col(ColumnDef::new(Tasks::BizType).string_len(32).not_null())
                .col(ColumnDef::new(Tasks::Params).json_binary().not_null())
                .col(ColumnDef::new(Tasks::Status).string_len(16).not_null())
                .col(ColumnDef::new(Tasks::Progress).integer().not_null().default(0))
                .col(ColumnDef::new(Tasks::Results).json_binary().null())
                .col(ColumnDef::new(Tasks::ErrorCode).string_len(64).null())
                .col(ColumnDef::new(Tasks::ErrorMsg).text().null())
                .col(ColumnDef::new(Tasks::Attempts).integer().not_null().default(0))
                .col(ColumnDef::new(Tasks::CostLingshi).big_integer().not_null().default(0))
                .col(ColumnDef::new(Tasks::Pool).string_len(64).not_null())
                .col(ColumnDef::new(Tasks::Lane).string_len(16).not_null())
                .col(ColumnDef::new(Tasks::WorkerId).string_len(128).null())
                .col(ts_null(Tasks::LeaseUntil))
                .col(ts(Tasks::CreatedAt))
                .col(ts_null(Tasks::StartedAt))
                .col(ts_null(Tasks::FinishedAt))
                .col(ts(Tasks::UpdatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(Tasks::Table, Tasks::OwnerId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_tasks_owner_created")
                .table(Tasks::Table)
                .col(Tasks::OwnerId)
                .col(Tasks::CreatedAt)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_tasks_owner_status")
                .table(Tasks::Table)
                .col(Tasks::OwnerId)
                .col(Tasks::Status)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_tasks_status_lease")
                .table(Tasks::Table)
                .col(Tasks::Status)
                .col(Tasks::LeaseUntil)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(TaskOutbox::Table)
                .col(ColumnDef::new(TaskOutbox::TaskId).string_len(36).not_null().primary_key())
                .col(ColumnDef::new(TaskOutbox::Queue).string().not_null())
                .col(ColumnDef::new(TaskOutbox::Attempts).integer().not_null().default(0))
                .col(ts(TaskOutbox::NextAttemptAt))
                .col(ts(TaskOutbox::CreatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(TaskOutbox::Table, TaskOutbox::TaskId)
                        .to(Tasks::Table, Tasks::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_task_outbox_due")
                .table(TaskOutbox::Table)
                .col(TaskOutbox::NextAttemptAt)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(WorkerNodes::Table)
                .col(ColumnDef::new(WorkerNodes::Id).string_len(128).not_null().primary_key())
                .col(ColumnDef::new(WorkerNodes::Name).string_len(128).not_null())
                .col(ColumnDef::new(WorkerNodes::Host).string_len(255).not_null())
                .col(ColumnDef::new(WorkerNodes::Version).string_len(32).not_null())
                .col(ColumnDef::new(WorkerNodes::Device).string_len(255).not_null())
                .col(ColumnDef::new(WorkerNodes::Pool).string_len(64).not_null())
                .col(ColumnDef::new(WorkerNodes::Capabilities).json_binary().not_null())
                .col(ColumnDef::new(WorkerNodes::Concurrency).integer().not_null())
                .col(ColumnDef::new(WorkerNodes::Status).string_len(16).not_null())
                .col(ts(WorkerNodes::StartedAt))
                .col(ts(WorkerNodes::LastHeartbeatAt))
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            WorkerNodes::Table.into_iden(),
            TaskOutbox::Table.into_iden(),
            Tasks::Table.into_iden(),
            Uploads::Table.into_iden(),
            AuthTokens::Table.into_iden(),
            Users::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
