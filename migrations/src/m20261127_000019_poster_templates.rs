//! A tenant's own poster templates (`PLACARD_GEN`): the template document
//! (the same versioned JSON as the built-in library, validated before it is
//! stored), one row per (tenant, template id). Imported and exported by
//! admins; listed to the tenant's members beside the library.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PosterTemplates {
    Table,
    Id,
    TenantId,
    TemplateId,
    Document,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Tenants {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(PosterTemplates::Table)
                .col(ColumnDef::new(PosterTemplates::Id).big_integer().not_null().auto_increment().primary_key())
                .col(ColumnDef::new(PosterTemplates::TenantId).big_integer().not_null())
                .col(ColumnDef::new(PosterTemplates::TemplateId).string_len(64).not_null())
                .col(ColumnDef::new(PosterTemplates::Document).text().not_null())
                .col(ColumnDef::new(PosterTemplates::UpdatedAt).timestamp_with_time_zone().not_null())
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_poster_templates_tenant")
                        .from(PosterTemplates::Table, PosterTemplates::TenantId)
                        .to(Tenants::Table, Tenants::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        // One template per id within a tenant; an import replaces it.
        m.create_index(
            Index::create()
                .name("ux_poster_templates_tenant_template")
                .table(PosterTemplates::Table)
                .col(PosterTemplates::TenantId)
                .col(PosterTemplates::TemplateId)
                .unique()
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(PosterTemplates::Table).to_owned()).await
    }
}
