//! Model registry: what each worker node reports about its models (which
//! are loaded, which task types lack which model and why), as JSON text,
//! for the API's capability answers and the admin page.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum WorkerNodes {
    Table,
    /// `{"loaded": [model ids], "missing": {TASK_TYPE: [{id, name, ...}]},
    /// "commercialOnly": [task types]}`; null for nodes older than the registry.
    Models,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(WorkerNodes::Table)
                .add_column(ColumnDef::new(WorkerNodes::Models).text().null())
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(Table::alter().table(WorkerNodes::Table).drop_column(WorkerNodes::Models).to_owned()).await
    }
}
