//! Per-user API keys (the remove.bg-compatible API authenticates with
//! them). Only the key's sha256 is stored: the key itself is shown once, at
//! creation. `prefix` is its first characters, enough for a user to tell
//! keys apart in the list and never enough to use one. A revoked key keeps
//! its row (revoked_at set), so its hash can never be issued again.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ApiKeys {
    Table,
    /// UUID text, like task ids.
    Id,
    UserId,
    Name,
    Prefix,
    /// Hex sha256 of the whole key.
    KeyHash,
    CreatedAt,
    LastUsedAt,
    RevokedAt,
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
                .table(ApiKeys::Table)
                .col(ColumnDef::new(ApiKeys::Id).string_len(36).not_null().primary_key())
                .col(ColumnDef::new(ApiKeys::UserId).big_integer().not_null())
                .col(ColumnDef::new(ApiKeys::Name).string_len(64).not_null())
                .col(ColumnDef::new(ApiKeys::Prefix).string_len(16).not_null())
                .col(ColumnDef::new(ApiKeys::KeyHash).string_len(64).not_null())
                .col(ColumnDef::new(ApiKeys::CreatedAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(ApiKeys::LastUsedAt).timestamp_with_time_zone().null())
                .col(ColumnDef::new(ApiKeys::RevokedAt).timestamp_with_time_zone().null())
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_api_keys_user")
                        .from(ApiKeys::Table, ApiKeys::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        // Every remove.bg call looks its key up by hash.
        m.create_index(
            Index::create().name("ux_api_keys_hash").table(ApiKeys::Table).col(ApiKeys::KeyHash).unique().to_owned(),
        )
        .await?;
        // The settings page lists a user's keys newest first.
        m.create_index(
            Index::create()
                .name("ix_api_keys_user_created")
                .table(ApiKeys::Table)
                .col(ApiKeys::UserId)
                .col(ApiKeys::CreatedAt)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(ApiKeys::Table).to_owned()).await
    }
}
