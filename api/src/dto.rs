//! Response bodies. Entities never leave the store; these are built from
//! domain records.

use chrono::{DateTime, Utc};
use pixmart_shared::copywriting::{CopyRating, MarketingCopy};
use pixmart_shared::db::store::tasks::TaskRecord;
use pixmart_shared::db::store::users::UserRecord;
use pixmart_shared::domain::{BizType, ResultKind, TaskSpec, TaskStatus};
use pixmart_shared::{ErrorCode, Lang};
use serde::Serialize;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenDto {
    pub token: String,
    pub token_type: &'static str,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDto {
    pub id: i64,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub user_name: String,
    pub tenant: Option<String>,
    pub tenant_name: Option<String>,
    pub tenant_id: Option<i64>,
    pub tenant_icon: Option<String>,
    pub company_name: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
/// The plan a benefit package belongs to (`productType`: free, vip, ...).
pub struct PlanTypeDto {
    pub product_type: &'static str,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BenefitPackageDto {
    pub remain_bean_count: i64,
    pub end_time: Option<DateTime<Utc>>,
    pub product: PlanTypeDto,
}

/// The original app's user info. Tiers, lingshi, tenants and invites arrive with
/// the accounts issue; until then every user is on the free plan with no
/// balance and no tenant.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserInfoDto {
    pub user: UserDto,
    pub is_chat_allow: bool,
    pub vip_user: bool,
    pub premium_vip_user: bool,
    pub professional_or_flagship: bool,
    pub is_hotspot_trial: bool,
    pub recommended: bool,
    pub inviter_link: Option<String>,
    /// The lingshi balance (`points`: the original app's field name).
    #[serde(rename = "points")]
    pub lingshi: i64,
    pub benefit_package: BenefitPackageDto,
    /// Lingshi per bucket (spent top-up, then plan, then free).
    pub buckets: BucketsDto,
    /// What the current tier allows (2K download, custom colour, ...).
    pub benefits: TierBenefitsDto,
    /// Set when a non-free plan has 0 to 3 days left (the reminder modal).
    pub reminder: Option<ReminderDto>,
}

#[derive(Debug, Serialize, Default, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BucketsDto {
    pub topup: i64,
    pub plan: i64,
    pub free: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TierBenefitsDto {
    pub allows_2k: bool,
    pub allows_custom_colour: bool,
    pub allows_batch: bool,
    pub history_retention_days: u32,
    pub speed: pixmart_shared::domain::Speed,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReminderDto {
    pub days_left: i64,
}

/// The membership half of user info: tier, plan end, balances, reminder.
#[derive(Debug)]
pub struct MembershipInfo {
    pub tier: pixmart_shared::domain::Tier,
    pub end_time: Option<DateTime<Utc>>,
    pub balances: pixmart_shared::db::store::ledger::Balances,
    pub reminder_days: Option<i64>,
}

impl UserInfoDto {
    /// Fills in the tier flags, the benefit package and the buckets.
    pub fn with_membership(mut self, m: MembershipInfo) -> Self {
        let t = m.tier;
        self.vip_user = t.is_vip();
        self.premium_vip_user = t.is_premium_vip();
        self.professional_or_flagship = t.is_professional_or_flagship();
        self.is_chat_allow = t.is_paid();
        self.lingshi = m.balances.total();
        self.benefit_package = BenefitPackageDto {
            remain_bean_count: m.balances.total(),
            end_time: m.end_time,
            product: PlanTypeDto { product_type: t.as_str() },
        };
        self.buckets = BucketsDto { topup: m.balances.topup, plan: m.balances.plan, free: m.balances.free };
        self.benefits = TierBenefitsDto {
            allows_2k: t.allows_2k(),
            allows_custom_colour: t.allows_custom_colour(),
            allows_batch: t.allows_batch(),
            history_retention_days: t.history_retention_days(),
            speed: t.speed(),
        };
        self.reminder = m.reminder_days.map(|days_left| ReminderDto { days_left });
        self
    }
}

impl UserInfoDto {
    pub fn from_user(u: &UserRecord, lingshi: i64) -> Self {
        UserInfoDto {
            user: UserDto {
                id: u.id.0,
                phone: u.phone.clone(),
                email: u.email.clone(),
                user_name: u.user_name.clone(),
                tenant: None,
                tenant_name: None,
                tenant_id: u.tenant_id,
                tenant_icon: None,
                company_name: None,
            },
            is_chat_allow: false,
            vip_user: false,
            premium_vip_user: false,
            professional_or_flagship: false,
            is_hotspot_trial: false,
            recommended: false,
            inviter_link: None,
            lingshi,
            benefit_package: BenefitPackageDto {
                remain_bean_count: lingshi,
                end_time: None,
                product: PlanTypeDto { product_type: "free" },
            },
            buckets: BucketsDto::default(),
            benefits: TierBenefitsDto {
                allows_2k: false,
                allows_custom_colour: false,
                allows_batch: false,
                history_retention_days: 7,
                speed: pixmart_shared::domain::Speed::Standard,
            },
            reminder: None,
        }
    }
}

impl UserInfoDto {
    /// Fills in the tenant fields: `tenant` and `tenantName` carry the
    /// tenant's name, `companyName` its company.
    pub fn with_tenant(mut self, t: Option<&pixmart_shared::db::store::tenants::TenantRecord>) -> Self {
        let u = &mut self.user;
        u.tenant = t.map(|t| t.name.clone());
        u.tenant_name = u.tenant.clone();
        u.tenant_id = t.map(|t| t.id);
        u.tenant_icon = t.and_then(|t| t.icon.clone());
        u.company_name = t.and_then(|t| t.company_name.clone());
        self
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResultDto {
    pub url: String,
    pub kind: ResultKind,
    pub width: u32,
    pub height: u32,
    /// A clip's length (video results only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<u32>,
    /// Marketing copy in its platform's parts (text results only; `url`
    /// serves the same copy as plain text).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub copy: Option<MarketingCopy>,
    /// The owner's like or dislike of a text result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<CopyRating>,
    /// A poster's words by text slot id (POSTER_COPY_GEN results only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slot_texts: Option<std::collections::BTreeMap<String, String>>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaskDto {
    pub task_id: String,
    pub biz_type: &'static str,
    pub status: TaskStatus,
    pub progress: u8,
    pub params: serde_json::Value,
    pub results: Vec<ResultDto>,
    pub error_code: Option<String>,
    pub error_msg: Option<String>,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    /// The batch it was submitted in, if any.
    pub batch_id: Option<String>,
    /// NEW and no live worker serves its pool: it waits until one starts
    /// (set by `GET /api/tasks/{id}`; false in lists).
    pub waiting_for_pool: bool,
    /// What the worker read from the task's media before writing: the
    /// text recognised in a note's pictures (HOT_PIC_REWRITE) or a video's
    /// transcript (HOT_VIDEO_REWRITE). Set as soon as it is read, also on a
    /// task that then fails.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_text: Option<String>,
}

pub fn file_url(key: &str) -> String {
    format!("/api/files/{key}")
}

impl TaskDto {
    pub fn from_record(t: &TaskRecord, lang: Lang) -> Self {
        // A known code is shown in the reader's language; the stored text is
        // the worker's technical detail and is only shown for unknown codes.
        let error_msg = t.error_code.as_deref().map(|code| {
            ErrorCode::from_id(code)
                .map(|c| c.message(lang).to_owned())
                .or_else(|| t.error_msg.clone())
                .unwrap_or_default()
        });
        // A clip is exactly the options' whole frames at its fps (the worker
        // renders `VideoSpec::frame_count`), so its length follows from
        // the stored options.
        let clip_ms = match TaskSpec::parse(t.biz_type.as_str(), &t.params) {
            Ok(TaskSpec::Video(v)) if t.biz_type == BizType::Img2Video => Some(v.duration_ms()),
            _ => None,
        };
        TaskDto {
            task_id: t.id.to_string(),
            biz_type: t.biz_type.as_str(),
            status: t.status,
            progress: t.progress,
            params: t.params.clone(),
            results: t
                .results
                .iter()
                .map(|r| ResultDto {
                    url: file_url(&r.key),
                    kind: r.kind,
                    width: r.width,
                    height: r.height,
                    duration_ms: if r.kind == ResultKind::Video { clip_ms } else { None },
                    copy: r.copy.clone(),
                    rating: r.rating.clone(),
                    slot_texts: r.slot_texts.clone(),
                })
                .collect(),
            error_code: t.error_code.clone(),
            error_msg,
            created_at: t.created_at,
            finished_at: t.finished_at,
            batch_id: t.batch_id.clone(),
            waiting_for_pool: false,
            source_text: t.source_text.clone(),
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PageDto<T: Serialize> {
    pub list: Vec<T>,
    pub total: u64,
}

/// A whole list (admin views), `{list: [...]}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ListDto<T: Serialize> {
    pub list: Vec<T>,
}
