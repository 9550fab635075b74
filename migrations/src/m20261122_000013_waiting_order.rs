//! The dispatcher reads a share's waiting tasks oldest first, ties broken by
//! id (`ORDER BY created_at, id`). A batch creates all its tasks with one
//! timestamp, so without `id` in the index every read of a share sorted its
//! whole backlog (20,000 tasks for a batch of that size) to take the first
//! few. The waiting index now ends with `id`, so the read is a range scan
//! that stops at its limit.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Tasks {
    Table,
    Id,
    Queue,
    Status,
    DispatchedAt,
    Lane,
    ShareKey,
    CreatedAt,
}

const WAITING: &str = "idx_tasks_waiting";

fn waiting_index(with_id: bool) -> IndexCreateStatement {
    let mut index = Index::create();
    index
        .name(WAITING)
        .table(Tasks::Table)
        .col(Tasks::Queue)
        .col(Tasks::Status)
        .col(Tasks::DispatchedAt)
        .col(Tasks::Lane)
        .col(Tasks::ShareKey)
        .col(Tasks::CreatedAt);
    if with_id {
        index.col(Tasks::Id);
    }
    index.to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(Index::drop().name(WAITING).table(Tasks::Table).to_owned()).await?;
        m.create_index(waiting_index(true)).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(Index::drop().name(WAITING).table(Tasks::Table).to_owned()).await?;
        m.create_index(waiting_index(false)).await
    }
}
