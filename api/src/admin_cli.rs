//! `pixmart-api grant-admin <phone|email>` and `revoke-admin`: how an
//! operator gives the admin role (fleet administration) to an account that
//! has registered. Roles are never granted over HTTP.

use anyhow::Context;
use pixmart_shared::config::Settings;
use pixmart_shared::db::{self, store::admins};
use pixmart_shared::domain::Account;

pub async fn set_admin(settings: &Settings, account: &str, admin: bool) -> anyhow::Result<()> {
    let parsed = Account::parse(account).map_err(|_| anyhow::anyhow!("{account:?} is not a phone number or email"))?;
    let db = db::open(settings).await.context("cannot open the database")?;
    if !admins::set_admin(&db, &parsed, admin).await? {
        anyhow::bail!("no account {account}: it must register first");
    }
    let verb = if admin { "is now an admin" } else { "is no longer an admin" };
    println!("{account} {verb}");
    Ok(())
}

/// `pixmart-api demo-hotspots`: loads the generated demonstration hotspots
/// (`pixmart_shared::marketing::demo`) when the installation has no
/// sources and no hotspots; `scripts/run` calls it for the local demo.
pub async fn demo_hotspots(settings: &Settings) -> anyhow::Result<()> {
    use pixmart_shared::db::store::hotspot_demo::{self, DemoLoad};
    let db = db::open(settings).await.context("cannot open the database")?;
    db::migrate(&db).await.context("cannot migrate the database")?;
    match hotspot_demo::load(&db, chrono::Utc::now()).await? {
        DemoLoad::Loaded { sources, hotspots } => {
            println!(
                "loaded the demonstration hotspots: {hotspots} hotspots from {sources} disabled sources named 示例·…"
            )
        }
        DemoLoad::NotEmpty => println!("hotspots or sources exist already: the demonstration set was not loaded"),
    }
    Ok(())
}
