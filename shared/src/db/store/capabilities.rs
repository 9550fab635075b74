//! What the fleet can serve, per pool and task type: the one place the
//! API's capability gate, `GET /api/capabilities` and the admin page decide
//! from. Each worker node reports its models when it registers (which are
//! loaded, and for each task type it cannot serve, the missing models and
//! why; see the worker's `registry` module).
//!
//! Durability: tasks must be accepted while workers are briefly
//! down, so the gate remembers. A pool "serves" a type when some node in it
//! advertised the type within the memory window (`models.capability_memory_secs`,
//! 24 h by default), whether or not that node is live right now. A type is
//! refused only on knowledge: nodes of the pool were seen in the window and
//! none has its model (`ModelMissing`), or the tenant refuses the only
//! (non-commercial) models that serve it (`NotAllowed`). A pool with no node
//! seen at all accepts and holds its tasks (`NoWorker`).

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};

use crate::db::entities::worker_nodes::{self, WorkerStatus};
use crate::db::StoreError;
use crate::domain::BizType;

/// A model a node lacks for a task type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MissingModel {
    pub id: String,
    pub name: String,
    pub licence: String,
    pub commercial_use: bool,
    /// How an operator installs it.
    pub install: String,
    /// Why the node did not load it ("isnet_fp16.onnx is missing", "refused:
    /// non-commercial licence"), when it said.
    #[serde(default)]
    pub reason: Option<String>,
}

/// What a node reports about its models (`worker_nodes.models`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelReport {
    /// Registry ids of the models it loaded.
    #[serde(default)]
    pub loaded: Vec<String>,
    /// Per task type it does not serve: the models it lacks (any one of an
    /// alternative group would do).
    #[serde(default)]
    pub missing: BTreeMap<String, Vec<MissingModel>>,
    /// Task types it serves with models licensed for commercial use only.
    #[serde(default)]
    pub commercial_only: Vec<String>,
    /// Its diffusion model, where it loaded one: on which device and how
    /// much memory the weights hold there (what decides where a GPU-heavy
    /// task type can go, and what an admin sizes nodes by).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diffusion: Option<DiffusionReport>,
    /// The model its text tasks run on (a local model's registry id, or the
    /// model name an OpenAI-compatible endpoint serves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// The diffusion model a node loaded (see [`ModelReport::diffusion`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DiffusionReport {
    /// Registry id (`sd15-inpainting`, `sd-custom`, ...).
    pub model: String,
    /// `cpu` or `cuda:<ordinal>`.
    pub device: String,
    /// Bytes its weights take on that device.
    pub weight_bytes: u64,
    /// A 9-channel inpainting UNet (serves the kept-region task types).
    pub inpainting: bool,
}

impl ModelReport {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".to_owned())
    }

    /// Lenient: a node record older than the registry has none.
    pub fn from_json(raw: Option<&str>) -> Option<Self> {
        raw.and_then(|s| serde_json::from_str(s).ok())
    }
}

/// Whether the caller's pool can run a task type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CapabilityState {
    /// A live node serves it.
    Available,
    /// Nodes that serve it were seen within the memory window but none is
    /// live now: accepted, the task waits for them.
    Waiting,
    /// Nodes are known in the pool, none has the model(s).
    ModelMissing,
    /// No node registered in the pool within the memory window (a new
    /// deployment, a new dedicated pool): nothing is known to be missing, so
    /// tasks are accepted and wait, marked, for the pool's first worker
    /// (a pool without a live worker holds its tasks).
    NoWorker,
    /// Only nodes using non-commercial models serve it, and the caller's
    /// tenant refuses those.
    NotAllowed,
}

impl CapabilityState {
    /// Submissions are accepted (run now, or wait for a worker). Refused:
    /// nodes of the pool are known and none has the model, or the tenant
    /// refuses the only models that serve it.
    pub fn accepts(self) -> bool {
        matches!(self, CapabilityState::Available | CapabilityState::Waiting | CapabilityState::NoWorker)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BizCapability {
    pub biz_type: BizType,
    pub state: CapabilityState,
    pub missing_models: Vec<MissingModel>,
}

impl BizCapability {
    /// "ISNet (DIS) fp16, Stable Diffusion 1.5 inpainting" for messages.
    pub fn missing_names(&self) -> String {
        self.missing_models.iter().map(|m| m.name.as_str()).collect::<Vec<_>>().join(", ")
    }
}

/// The windows the gate uses.
#[derive(Debug, Clone, Copy)]
pub struct Windows {
    /// A node seen after this counts for what it advertised.
    pub memory_since: DateTime<Utc>,
    /// A node that heart-beat after this (and is online) is live.
    pub live_since: DateTime<Utc>,
}

struct Node {
    live: bool,
    capabilities: Vec<BizType>,
    report: Option<ModelReport>,
}

async fn nodes(
    db: &impl ConnectionTrait,
    pool: Option<&str>,
    w: Windows,
) -> Result<BTreeMap<String, Vec<Node>>, StoreError> {
    let mut q = worker_nodes::Entity::find().filter(worker_nodes::Column::LastHeartbeatAt.gt(w.memory_since));
    if let Some(pool) = pool {
        q = q.filter(worker_nodes::Column::Pool.eq(pool));
    }
    let rows = q.order_by_desc(worker_nodes::Column::LastHeartbeatAt).all(db).await?;
    let mut by_pool: BTreeMap<String, Vec<Node>> = BTreeMap::new();
    for row in rows {
        let capabilities: Vec<BizType> = serde_json::from_value(row.capabilities.clone())
            .map_err(|_| StoreError::corrupt("worker_nodes", format!("{}: capabilities", row.id)))?;
        by_pool.entry(row.pool.clone()).or_default().push(Node {
            live: row.status == WorkerStatus::Online && row.last_heartbeat_at > w.live_since,
            capabilities,
            report: ModelReport::from_json(row.models.as_deref()),
        });
    }
    Ok(by_pool)
}

fn assess(nodes: &[Node], biz: BizType, refuse_non_commercial: bool) -> BizCapability {
    let capability = |state, missing_models| BizCapability { biz_type: biz, state, missing_models };
    if nodes.is_empty() {
        return capability(CapabilityState::NoWorker, Vec::new());
    }
    let serving: Vec<&Node> = nodes.iter().filter(|n| n.capabilities.contains(&biz)).collect();
    // A node without a report predates the registry: its models are the
    // commercial cutout models.
    let commercial_ok = |n: &&&Node| {
        !refuse_non_commercial || n.report.as_ref().is_none_or(|r| r.commercial_only.iter().any(|t| t == biz.as_str()))
    };
    let permitted: Vec<&&Node> = serving.iter().filter(commercial_ok).collect();
    if permitted.iter().any(|n| n.live) {
        return capability(CapabilityState::Available, Vec::new());
    }
    if !permitted.is_empty() {
        return capability(CapabilityState::Waiting, Vec::new());
    }
    if !serving.is_empty() {
        return capability(CapabilityState::NotAllowed, Vec::new());
    }
    // Newest node first: its report names the models; others add theirs.
    let mut seen = BTreeSet::new();
    let missing = nodes
        .iter()
        .filter_map(|n| n.report.as_ref()?.missing.get(biz.as_str()))
        .flatten()
        .filter(|m| seen.insert(m.id.clone()))
        .cloned()
        .collect();
    capability(CapabilityState::ModelMissing, missing)
}

/// One task type for a pool (the submit gate). `refuse_non_commercial`:
/// the caller's tenant refuses non-commercially licensed models.
pub async fn capability_for(
    db: &impl ConnectionTrait,
    pool: &str,
    biz: BizType,
    windows: Windows,
    refuse_non_commercial: bool,
) -> Result<BizCapability, StoreError> {
    let by_pool = nodes(db, Some(pool), windows).await?;
    let empty = Vec::new();
    Ok(assess(by_pool.get(pool).unwrap_or(&empty), biz, refuse_non_commercial))
}

/// Every task type for a pool, in `BizType::ALL` order.
pub async fn capabilities_for_pool(
    db: &impl ConnectionTrait,
    pool: &str,
    windows: Windows,
    refuse_non_commercial: bool,
) -> Result<Vec<BizCapability>, StoreError> {
    let by_pool = nodes(db, Some(pool), windows).await?;
    let empty = Vec::new();
    let nodes = by_pool.get(pool).unwrap_or(&empty);
    Ok(BizType::ALL.iter().map(|&biz| assess(nodes, biz, refuse_non_commercial)).collect())
}

/// Admins: for each pool seen within the memory window (plus `also`, the
/// pools tenants are assigned to), the task types its nodes lack a model for.
pub async fn pools_lacking(
    db: &impl ConnectionTrait,
    windows: Windows,
    also: &[String],
) -> Result<BTreeMap<String, Vec<BizCapability>>, StoreError> {
    let by_pool = nodes(db, None, windows).await?;
    let mut pools: BTreeSet<&str> = by_pool.keys().map(String::as_str).collect();
    pools.extend(also.iter().map(String::as_str));
    let empty = Vec::new();
    Ok(pools
        .into_iter()
        .map(|pool| {
            let nodes = by_pool.get(pool).unwrap_or(&empty);
            let lacking = BizType::ALL
                .iter()
                .map(|&biz| assess(nodes, biz, false))
                .filter(|c| c.state == CapabilityState::ModelMissing)
                .collect();
            (pool.to_owned(), lacking)
        })
        .collect())
}
