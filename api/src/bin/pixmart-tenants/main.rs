//! `pixmart-tenants`: operator commands for tenants.
//!
//! ```text
//! pixmart-tenants list
//! pixmart-tenants create --slug yili --name 伊利 [--icon URL] [--company NAME] [--enterprise] [--switches JSON]
//! pixmart-tenants assign --user 13800138000 --tenant yili     (user by id, phone or email)
//! pixmart-tenants unassign --user 13800138000
//! pixmart-tenants pool --tenant yili --pool yili-gpu             (dedicated compute; --shared to undo)
//! pixmart-tenants seed-demo                                    (the original app's example tenants; demo data only)
//! ```
//!
//! `create` updates the tenant with the same slug, so it can be re-run.
//! The database comes from the usual settings (`PIXMART__DATABASE__URL`,
//! `--config`); pending migrations are applied first.

mod demo;

use std::path::PathBuf;

use anyhow::{anyhow, bail, Context};
use clap::{Parser, Subcommand};
use pixmart_api::branding::MENU_GROUPS;
use pixmart_shared::config::Settings;
use pixmart_shared::db::store::tenants::{self, TenantRecord, TenantSpec};
use pixmart_shared::db::store::users;
use pixmart_shared::db::Db;
use pixmart_shared::domain::tenant::{TenantSlug, TenantSwitches};
use pixmart_shared::domain::{Account, UserId};

#[derive(Debug, Parser)]
#[command(name = "pixmart-tenants", about = "Create tenants and put users in them")]
struct Cli {
    /// TOML configuration file (environment variables PIXMART__* still win).
    #[arg(long, env = "PIXMART_CONFIG")]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List tenants with their switches.
    List,
    /// Create a tenant, or update the one with this slug.
    Create {
        #[arg(long)]
        slug: String,
        #[arg(long)]
        name: String,
        #[arg(long)]
        icon: Option<String>,
        #[arg(long)]
        company: Option<String>,
        #[arg(long)]
        enterprise: bool,
        /// Feature switches as JSON, e.g. '{"entries":{"invite":false},"enterpriseService":{"mode":"mott"}}'.
        #[arg(long, default_value = "{}")]
        switches: String,
    },
    /// Put a user (id, phone or email) in a tenant (replacing any other).
    Assign {
        #[arg(long)]
        user: String,
        #[arg(long)]
        tenant: String,
    },
    /// Take a user out of their tenant.
    Unassign {
        #[arg(long)]
        user: String,
    },
    /// Send a tenant's tasks to a dedicated worker pool (workers started
    /// with `pixmart-worker --pool NAME`), or back to the shared pool.
    Pool {
        #[arg(long)]
        tenant: String,
        #[arg(long, conflicts_with = "shared", required_unless_present = "shared")]
        pool: Option<String>,
        #[arg(long)]
        shared: bool,
    },
    /// Create or update the original app's example tenants (demo data).
    SeedDemo,
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("pixmart-tenants: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(cli)) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pixmart-tenants: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    let settings = Settings::load(cli.config).map_err(|e| anyhow!("{e}"))?;
    let db = pixmart_shared::db::open(&settings).await.context("cannot open the database")?;
    match cli.command {
        Command::List => {
            for t in tenants::list_tenants(&db).await? {
                print_tenant(&t);
            }
        }
        Command::Create { slug, name, icon, company, enterprise, switches } => {
            let spec = tenant_spec(&slug, &name, icon, company, enterprise, &switches)?;
            print_tenant(&tenants::upsert_tenant(&db, &spec).await?);
        }
        Command::Assign { user, tenant } => {
            let user = find_user(&db, &user).await?;
            let slug = TenantSlug::parse(&tenant).map_err(|_| anyhow!("invalid tenant slug {tenant:?}"))?;
            let t = tenants::find_by_slug(&db, &slug).await?.ok_or_else(|| anyhow!("no tenant {tenant:?}"))?;
            if !tenants::assign_user(&db, user, Some(t.id)).await? {
                bail!("user {} not found", user.0);
            }
            println!("user {} is now in tenant {} ({})", user.0, t.slug, t.name);
        }
        Command::Unassign { user } => {
            let user = find_user(&db, &user).await?;
            tenants::assign_user(&db, user, None).await?;
            println!("user {} is in no tenant", user.0);
        }
        Command::Pool { tenant, pool, shared: _ } => {
            if let Some(p) = pool.as_deref().filter(|p| !pixmart_shared::jobs::valid_pool_name(p)) {
                bail!("invalid pool name {p:?}: 1 to 64 of a-z, 0-9, '-' and '_'");
            }
            let slug = TenantSlug::parse(&tenant).map_err(|_| anyhow!("invalid tenant slug {tenant:?}"))?;
            let t = tenants::find_by_slug(&db, &slug).await?.ok_or_else(|| anyhow!("no tenant {tenant:?}"))?;
            pixmart_shared::db::store::dispatch::assign_tenant_pool(&db, t.id, pool.as_deref()).await?;
            match pool {
                Some(p) => println!("tenant {} now runs on pool {p}", t.slug),
                None => println!("tenant {} now runs on the shared pool", t.slug),
            }
        }
        Command::SeedDemo => {
            for spec in demo::tenants()? {
                print_tenant(&tenants::upsert_tenant(&db, &spec).await?);
            }
        }
    }
    Ok(())
}

/// Checks an operator's tenant description (slug, name, switches).
pub fn tenant_spec(
    slug: &str,
    name: &str,
    icon: Option<String>,
    company: Option<String>,
    enterprise: bool,
    switches: &str,
) -> anyhow::Result<TenantSpec> {
    let slug = TenantSlug::parse(slug).map_err(|_| anyhow!("slug must be 1-64 of a-z, 0-9, - and _"))?;
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 64 {
        bail!("name must be 1 to 64 characters");
    }
    let switches = TenantSwitches::parse(switches, MENU_GROUPS.as_slice())
        .map_err(|e| anyhow!("invalid switches ({e}); menu groups are {MENU_GROUPS:?}"))?;
    Ok(TenantSpec {
        slug,
        name: name.to_owned(),
        icon: icon.filter(|s| !s.trim().is_empty()),
        company_name: company.filter(|s| !s.trim().is_empty()),
        enterprise,
        switches,
    })
}

async fn find_user(db: &Db, raw: &str) -> anyhow::Result<UserId> {
    if let Ok(id) = raw.parse::<i64>() {
        if raw.len() != 11 {
            return Ok(UserId(id));
        }
    }
    let account = Account::parse(raw).map_err(|_| anyhow!("{raw:?} is not a user id, phone or email"))?;
    Ok(users::find_by_account(db, &account).await?.ok_or_else(|| anyhow!("no user {raw:?}"))?.id)
}

fn print_tenant(t: &TenantRecord) {
    println!(
        "{}\t{}\t{}\tenterprise={}\tcompany={}\tswitches={}",
        t.id,
        t.slug,
        t.name,
        t.enterprise,
        t.company_name.as_deref().unwrap_or("-"),
        t.switches.to_json()
    );
}
