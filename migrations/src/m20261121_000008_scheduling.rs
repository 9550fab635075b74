//! Scheduling: the database becomes the queue of record. A task carries its
//! fairness share (`share_key`: the tenant, or the user) and its batch; a
//! dispatcher feeds Redis a small window per queue from the tasks table, so
//! the separate outbox table is no longer needed (a NEW task with no
//! `dispatched_at` is waiting in the database). Batches group tasks
//! submitted together; `tenant_pools` routes a tenant to dedicated workers.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Tasks {
    Table,
    Queue,
    Status,
    DispatchedAt,
    Lane,
    CreatedAt,
    ShareKey,
    BatchId,
}

#[derive(DeriveIden)]
enum Batches {
    Table,
    Id,
    OwnerId,
    BizType,
    Total,
    CostLingshi,
    CreatedAt,
}

#[derive(DeriveIden)]
enum TenantPools {
    Table,
    TenantId,
    Pool,
    CreatedAt,
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

const WAITING: &str = "idx_tasks_waiting";
const BY_BATCH: &str = "idx_tasks_batch";
const BATCHES_BY_OWNER: &str = "idx_batches_owner";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Tasks::Table)
                .add_column(ColumnDef::new(Tasks::ShareKey).string_len(64).not_null().default(""))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(Tasks::Table)
                .add_column(ColumnDef::new(Tasks::BatchId).string_len(36).null())
                .to_owned(),
        )
        .await?;
        // The dispatcher's questions: the oldest waiting task per lane and
        // per share in one queue.
        m.create_index(
            Index::create()
                .name(WAITING)
                .table(Tasks::Table)
                .col(Tasks::Queue)
                .col(Tasks::Status)
                .col(Tasks::DispatchedAt)
                .col(Tasks::Lane)
                .col(Tasks::ShareKey)
                .col(Tasks::CreatedAt)
                .to_owned(),
        )
        .await?;
        m.create_index(Index::create().name(BY_BATCH).table(Tasks::Table).col(Tasks::BatchId).to_owned()).await?;
        m.create_table(
            Table::create()
                .table(Batches::Table)
                .col(ColumnDef::new(Batches::Id).string_len(36).not_null().primary_key())
                .col(ColumnDef::new(Batches::OwnerId).big_integer().not_null())
                .col(ColumnDef::new(Batches::BizType).string_len(32).not_null())
                .col(ColumnDef::new(Batches::Total).integer().not_null())
                .col(ColumnDef::new(Batches::CostLingshi).big_integer().not_null())
                .col(ColumnDef::new(Batches::CreatedAt).timestamp_with_time_zone().not_null())
                .to_owned(),
        )
        .await?;
        m.create_index(Index::create().name(BATCHES_BY_OWNER).table(Batches::Table).col(Batches::OwnerId).to_owned())
            .await?;
        m.create_table(
            Table::create()
                .table(TenantPools::Table)
                .col(ColumnDef::new(TenantPools::TenantId).big_integer().not_null().primary_key())
                .col(ColumnDef::new(TenantPools::Pool).string_len(64).not_null())
                .col(ColumnDef::new(TenantPools::CreatedAt).timestamp_with_time_zone().not_null())
                .to_owned(),
        )
        .await?;
        m.drop_table(Table::drop().table(TaskOutbox::Table).to_owned()).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(TaskOutbox::Table)
                .col(ColumnDef::new(TaskOutbox::TaskId).string_len(36).not_null().primary_key())
                .col(ColumnDef::new(TaskOutbox::Queue).string_len(255).not_null())
                .col(ColumnDef::new(TaskOutbox::Attempts).integer().not_null())
                .col(ColumnDef::new(TaskOutbox::NextAttemptAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(TaskOutbox::CreatedAt).timestamp_with_time_zone().not_null())
                .to_owned(),
        )
        .await?;
        m.drop_table(Table::drop().table(TenantPools::Table).to_owned()).await?;
        m.drop_index(Index::drop().name(BATCHES_BY_OWNER).table(Batches::Table).to_owned()).await?;
        m.drop_table(Table::drop().table(Batches::Table).to_owned()).await?;
        m.drop_index(Index::drop().name(BY_BATCH).table(Tasks::Table).to_owned()).await?;
        m.drop_index(Index::drop().name(WAITING).table(Tasks::Table).to_owned()).await?;
        m.alter_table(Table::alter().table(Tasks::Table).drop_column(Tasks::BatchId).to_owned()).await?;
        m.alter_table(Table::alter().table(Tasks::Table).drop_column(Tasks::ShareKey).to_owned()).await
    }
}
