//! Hotspots for the marketing workbench: the sources an operator configures,
//! the hotspots they list (or an admin imports, or a user saves), and one
//! observation (rank, heat) per hotspot per refresh, so "rising" and
//! "ranking" are computed from history.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum HotspotSources {
    Table,
    Id,
    Name,
    Format,
    Url,
    Platform,
    Kind,
    IntervalMinutes,
    Enabled,
    Mapping,
    NextFetchAt,
    LastFetchAt,
    LastOkAt,
    LastError,
    LastItemCount,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Hotspots {
    Table,
    Id,
    SourceId,
    Origin,
    OwnerId,
    Kind,
    Platform,
    DedupeKey,
    Title,
    Summary,
    Article,
    Url,
    PicUrl,
    Words,
    Heat,
    Rank,
    FirstSeenAt,
    LastSeenAt,
}

#[derive(DeriveIden)]
enum HotspotObservations {
    Table,
    Id,
    HotspotId,
    ObservedAt,
    Rank,
    Heat,
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
                .table(HotspotSources::Table)
                .col(ColumnDef::new(HotspotSources::Id).string_len(36).not_null().primary_key())
                .col(ColumnDef::new(HotspotSources::Name).string_len(100).not_null())
                .col(ColumnDef::new(HotspotSources::Format).string_len(8).not_null())
                .col(ColumnDef::new(HotspotSources::Url).text().not_null())
                .col(ColumnDef::new(HotspotSources::Platform).string_len(16).not_null())
                .col(ColumnDef::new(HotspotSources::Kind).string_len(16).not_null())
                .col(ColumnDef::new(HotspotSources::IntervalMinutes).integer().not_null())
                .col(ColumnDef::new(HotspotSources::Enabled).boolean().not_null())
                .col(ColumnDef::new(HotspotSources::Mapping).text().null())
                .col(ColumnDef::new(HotspotSources::NextFetchAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(HotspotSources::LastFetchAt).timestamp_with_time_zone().null())
                .col(ColumnDef::new(HotspotSources::LastOkAt).timestamp_with_time_zone().null())
                .col(ColumnDef::new(HotspotSources::LastError).text().null())
                .col(ColumnDef::new(HotspotSources::LastItemCount).integer().not_null().default(0))
                .col(ColumnDef::new(HotspotSources::CreatedAt).timestamp_with_time_zone().not_null())
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Hotspots::Table)
                .col(ColumnDef::new(Hotspots::Id).string_len(36).not_null().primary_key())
                // A removed source's hotspots stay (their history is real).
                .col(ColumnDef::new(Hotspots::SourceId).string_len(36).null())
                .col(ColumnDef::new(Hotspots::Origin).string_len(8).not_null())
                .col(ColumnDef::new(Hotspots::OwnerId).big_integer().null())
                .col(ColumnDef::new(Hotspots::Kind).string_len(16).not_null())
                .col(ColumnDef::new(Hotspots::Platform).string_len(16).not_null())
                .col(ColumnDef::new(Hotspots::DedupeKey).string_len(255).not_null().unique_key())
                .col(ColumnDef::new(Hotspots::Title).string_len(255).not_null())
                .col(ColumnDef::new(Hotspots::Summary).text().not_null())
                .col(ColumnDef::new(Hotspots::Article).text().null())
                .col(ColumnDef::new(Hotspots::Url).text().null())
                .col(ColumnDef::new(Hotspots::PicUrl).text().null())
                .col(ColumnDef::new(Hotspots::Words).text().not_null())
                .col(ColumnDef::new(Hotspots::Heat).big_integer().not_null())
                .col(ColumnDef::new(Hotspots::Rank).integer().null())
                .col(ColumnDef::new(Hotspots::FirstSeenAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(Hotspots::LastSeenAt).timestamp_with_time_zone().not_null())
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_hotspots_owner")
                        .from(Hotspots::Table, Hotspots::OwnerId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_hotspots_origin_first_seen")
                .table(Hotspots::Table)
                .col(Hotspots::Origin)
                .col(Hotspots::FirstSeenAt)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create().name("ix_hotspots_owner").table(Hotspots::Table).col(Hotspots::OwnerId).to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(HotspotObservations::Table)
                .col(ColumnDef::new(HotspotObservations::Id).big_integer().not_null().auto_increment().primary_key())
                .col(ColumnDef::new(HotspotObservations::HotspotId).string_len(36).not_null())
                .col(ColumnDef::new(HotspotObservations::ObservedAt).timestamp_with_time_zone().not_null())
                .col(ColumnDef::new(HotspotObservations::Rank).integer().null())
                .col(ColumnDef::new(HotspotObservations::Heat).big_integer().not_null())
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_hotspot_observations_hotspot")
                        .from(HotspotObservations::Table, HotspotObservations::HotspotId)
                        .to(Hotspots::Table, Hotspots::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_hotspot_observations_at")
                .table(HotspotObservations::Table)
                .col(HotspotObservations::ObservedAt)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_hotspot_observations_hotspot_at")
                .table(HotspotObservations::Table)
                .col(HotspotObservations::HotspotId)
                .col(HotspotObservations::ObservedAt)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(HotspotObservations::Table).to_owned()).await?;
        m.drop_table(Table::drop().table(Hotspots::Table).to_owned()).await?;
        m.drop_table(Table::drop().table(HotspotSources::Table).to_owned()).await
    }
}
