//! `tasks.source_text`: what a worker read from a task's media before
//! writing copy from it (the text recognised in a note's pictures, a
//! video's transcript). Shown beside the answers, kept when the task fails
//! (a merchant sees what was read, or that nothing was).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Tasks {
    Table,
    SourceText,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter().table(Tasks::Table).add_column(ColumnDef::new(Tasks::SourceText).text().null()).to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(Table::alter().table(Tasks::Table).drop_column(Tasks::SourceText).to_owned()).await
    }
}
