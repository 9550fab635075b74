//! Tenants (name, icon, company, enterprise flag and feature switches), in-app
//! messages, feedback, and the lead / custom-model enquiry forms.
//!
//! Users already carry `tenant_id`; a user belongs to at most one tenant.
//! Example tenants are demo data and are seeded by `pixmart-tenants
//! seed-demo`, never here.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Tenants {
    Table,
    Id,
    Slug,
    Name,
    Icon,
    CompanyName,
    Enterprise,
    Switches,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Messages {
    Table,
    Id,
    UserId,
    Title,
    Brief,
    Content,
    ContentType,
    Img,
    SentAt,
    ReadAt,
}

#[derive(DeriveIden)]
enum Feedback {
    Table,
    Id,
    UserId,
    Title,
    Content,
    Attachments,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Leads {
    Table,
    Id,
    Kind,
    UserId,
    FormType,
    Name,
    CompanyName,
    Phone,
    JobTitle,
    Email,
    Description,
    WebSource,
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
                .table(Tenants::Table)
                .col(ColumnDef::new(Tenants::Id).big_integer().not_null().auto_increment().primary_key())
                .col(ColumnDef::new(Tenants::Slug).string_len(64).not_null().unique_key())
                .col(ColumnDef::new(Tenants::Name).string_len(64).not_null())
                .col(ColumnDef::new(Tenants::Icon).string_len(512).null())
                .col(ColumnDef::new(Tenants::CompanyName).string_len(128).null())
                .col(ColumnDef::new(Tenants::Enterprise).boolean().not_null().default(false))
                // JSON text: which routes/menu groups exist, chrome hiding, entries.
                .col(ColumnDef::new(Tenants::Switches).text().not_null())
                .col(ColumnDef::new(Tenants::CreatedAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(Tenants::UpdatedAt).timestamp_with_time_zone().not_null())
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Messages::Table)
                .col(ColumnDef::new(Messages::Id).big_integer().not_null().auto_increment().primary_key())
                .col(ColumnDef::new(Messages::UserId).big_integer().not_null())
                .col(ColumnDef::new(Messages::Title).string_len(200).not_null())
                .col(ColumnDef::new(Messages::Brief).string_len(500).not_null())
                .col(ColumnDef::new(Messages::Content).text().not_null())
                .col(ColumnDef::new(Messages::ContentType).string_len(8).not_null())
                .col(ColumnDef::new(Messages::Img).string_len(1024).null())
                .col(ColumnDef::new(Messages::SentAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(Messages::ReadAt).timestamp_with_time_zone().null())
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_messages_user")
                        .from(Messages::Table, Messages::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_messages_user_sent")
                .table(Messages::Table)
                .col(Messages::UserId)
                .col(Messages::SentAt)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Feedback::Table)
                .col(ColumnDef::new(Feedback::Id).big_integer().not_null().auto_increment().primary_key())
                .col(ColumnDef::new(Feedback::UserId).big_integer().not_null())
                .col(ColumnDef::new(Feedback::Title).string_len(200).not_null())
                .col(ColumnDef::new(Feedback::Content).text().not_null())
                // JSON array of attachment URLs.
                .col(ColumnDef::new(Feedback::Attachments).text().not_null())
                .col(ColumnDef::new(Feedback::CreatedAt).timestamp_with_time_zone().not_null())
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_feedback_user")
                        .from(Feedback::Table, Feedback::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Leads::Table)
                .col(ColumnDef::new(Leads::Id).big_integer().not_null().auto_increment().primary_key())
                // "lead" (contact form) or "enquiry" (custom-model enquiry).
                .col(ColumnDef::new(Leads::Kind).string_len(16).not_null())
                .col(ColumnDef::new(Leads::UserId).big_integer().null())
                .col(ColumnDef::new(Leads::FormType).string_len(16).null())
                .col(ColumnDef::new(Leads::Name).string_len(64).not_null())
                .col(ColumnDef::new(Leads::CompanyName).string_len(64).not_null())
                .col(ColumnDef::new(Leads::Phone).string_len(64).null())
                .col(ColumnDef::new(Leads::JobTitle).string_len(64).null())
                .col(ColumnDef::new(Leads::Email).string_len(64).null())
                .col(ColumnDef::new(Leads::Description).string_len(400).null())
                .col(ColumnDef::new(Leads::WebSource).string_len(64).null())
                .col(ColumnDef::new(Leads::CreatedAt).timestamp_with_time_zone().not_null())
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_leads_kind_created")
                .table(Leads::Table)
                .col(Leads::Kind)
                .col(Leads::CreatedAt)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Leads::Table).to_owned()).await?;
        m.drop_table(Table::drop().table(Feedback::Table).to_owned()).await?;
        m.drop_table(Table::drop().table(Messages::Table).to_owned()).await?;
        m.drop_table(Table::drop().table(Tenants::Table).to_owned()).await
    }
}
