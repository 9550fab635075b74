//! Sign-in: verification codes (hashed), captchas (hashed answers), rate
//! counters kept in the database so several API instances agree, and the
//! users' invite code and inviter.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    InviteCode,
    InviterId,
}

#[derive(DeriveIden)]
enum VerifyCodes {
    Table,
    Id,
    Channel,
    Target,
    CodeHash,
    Attempts,
    CreatedAt,
    ExpiresAt,
    ConsumedAt,
}

#[derive(DeriveIden)]
enum Captchas {
    Table,
    Target,
    AnswerHash,
    CreatedAt,
    ExpiresAt,
    VerifiedAt,
}

#[derive(DeriveIden)]
enum RateCounters {
    Table,
    CounterKey,
    Count,
    ExpiresAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER statement.
        m.alter_table(
            Table::alter()
                .table(Users::Table)
                .add_column(ColumnDef::new(Users::InviteCode).string_len(16).null())
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(Users::Table)
                .add_column(ColumnDef::new(Users::InviterId).big_integer().null())
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create().name("uq_users_invite_code").table(Users::Table).col(Users::InviteCode).unique().to_owned(),
        )
        .await?;
        m.create_index(
            Index::create().name("ix_users_inviter_id").table(Users::Table).col(Users::InviterId).to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(VerifyCodes::Table)
                .col(ColumnDef::new(VerifyCodes::Id).big_integer().not_null().auto_increment().primary_key())
                .col(ColumnDef::new(VerifyCodes::Channel).string_len(8).not_null())
                .col(ColumnDef::new(VerifyCodes::Target).string_len(254).not_null())
                .col(ColumnDef::new(VerifyCodes::CodeHash).string_len(64).not_null())
                .col(ColumnDef::new(VerifyCodes::Attempts).integer().not_null().default(0))
                .col(ColumnDef::new(VerifyCodes::CreatedAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(VerifyCodes::ExpiresAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(VerifyCodes::ConsumedAt).timestamp_with_time_zone().null())
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_verify_codes_target")
                .table(VerifyCodes::Table)
                .col(VerifyCodes::Channel)
                .col(VerifyCodes::Target)
                .col(VerifyCodes::CreatedAt)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Captchas::Table)
                .col(ColumnDef::new(Captchas::Target).string_len(254).not_null().primary_key())
                .col(ColumnDef::new(Captchas::AnswerHash).string_len(64).not_null())
                .col(ColumnDef::new(Captchas::CreatedAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(Captchas::ExpiresAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(Captchas::VerifiedAt).timestamp_with_time_zone().null())
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(RateCounters::Table)
                .col(ColumnDef::new(RateCounters::CounterKey).string_len(320).not_null().primary_key())
                .col(ColumnDef::new(RateCounters::Count).integer().not_null())
                .col(ColumnDef::new(RateCounters::ExpiresAt).timestamp_with_time_zone().not_null())
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_rate_counters_expires_at")
                .table(RateCounters::Table)
                .col(RateCounters::ExpiresAt)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(RateCounters::Table).to_owned()).await?;
        m.drop_table(Table::drop().table(Captchas::Table).to_owned()).await?;
        m.drop_table(Table::drop().table(VerifyCodes::Table).to_owned()).await?;
        m.drop_index(Index::drop().name("ix_users_inviter_id").table(Users::Table).to_owned()).await?;
        m.drop_index(Index::drop().name("uq_users_invite_code").table(Users::Table).to_owned()).await?;
        m.alter_table(Table::alter().table(Users::Table).drop_column(Users::InviterId).to_owned()).await?;
        m.alter_table(Table::alter().table(Users::Table).drop_column(Users::InviteCode).to_owned()).await
    }
}
