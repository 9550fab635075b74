//! Fleet administration: an admin role on users, and what an operator
//! controls and reads on a worker node (desired state, job counters, where
//! its metrics listen). An index on running tasks by worker serves the
//! admin's "current jobs per node".

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Role,
}

#[derive(DeriveIden)]
enum WorkerNodes {
    Table,
    /// `active`, `paused` or `draining`: set by an admin, read by the node
    /// on each heartbeat.
    DesiredState,
    JobsDone,
    JobsFailed,
    /// `host:port` of the node's Prometheus listener, when it has one.
    MetricsAddr,
}

#[derive(DeriveIden)]
enum Tasks {
    Table,
    WorkerId,
    Status,
}

const TASKS_BY_WORKER: &str = "idx_tasks_worker_status";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER TABLE.
        m.alter_table(
            Table::alter()
                .table(Users::Table)
                .add_column(ColumnDef::new(Users::Role).string_len(16).not_null().default("user"))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(WorkerNodes::Table)
                .add_column(ColumnDef::new(WorkerNodes::DesiredState).string_len(16).not_null().default("active"))
                .to_owned(),
        )
        .await?;
        for col in [WorkerNodes::JobsDone, WorkerNodes::JobsFailed] {
            m.alter_table(
                Table::alter()
                    .table(WorkerNodes::Table)
                    .add_column(ColumnDef::new(col).big_integer().not_null().default(0))
                    .to_owned(),
            )
            .await?;
        }
        m.alter_table(
            Table::alter()
                .table(WorkerNodes::Table)
                .add_column(ColumnDef::new(WorkerNodes::MetricsAddr).string_len(255).null())
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name(TASKS_BY_WORKER)
                .table(Tasks::Table)
                .col(Tasks::WorkerId)
                .col(Tasks::Status)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(Index::drop().name(TASKS_BY_WORKER).table(Tasks::Table).to_owned()).await?;
        for col in [WorkerNodes::MetricsAddr, WorkerNodes::JobsFailed, WorkerNodes::JobsDone, WorkerNodes::DesiredState]
        {
            m.alter_table(Table::alter().table(WorkerNodes::Table).drop_column(col).to_owned()).await?;
        }
        m.alter_table(Table::alter().table(Users::Table).drop_column(Users::Role).to_owned()).await
    }
}
