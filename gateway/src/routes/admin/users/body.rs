//! The JSON shapes of the admin user pages: a member's account as staff see it (never birth data:
//! only whether it is there), their chart's state, credits with the staff's notes, purchases with
//! Stripe's ids, and the adjustment a staff member makes. Mirrors destructure their proto message
//! without `..` or take the staff-only fields out before the member's mapping.

use meguri_proto::billing as bi;
use meguri_proto::fortune as fo;
use meguri_proto::identity as id_pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::error::ApiError;
use crate::routes::admin::tickets::body::{AdminMemberBody, AdminTicketBody};
use crate::routes::credits::body::LedgerEntry;
use crate::routes::purchases::body::Purchase;

/// The query of `GET /api/admin/users`.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct UsersQuery {
    /// A member's id, or text in the e-mail or username (≤ 100 characters).
    pub q: Option<String>,
    /// `nextCursor` of the previous page.
    pub cursor: Option<String>,
    /// 1..=100 (default 50).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
}

/// `GET /api/admin/users`: one page, newest sign-up first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUsersBody {
    pub users: Vec<AdminMemberBody>,
    /// The next page's cursor; null on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// The member on their user page.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserMemberBody {
    #[serde(flatten)]
    pub member: AdminMemberBody,
    #[schema(required = true)]
    pub last_login: Option<String>,
    /// Whether birth data is stored (staff never see the data itself).
    pub has_birth_data: bool,
    pub onboarding_complete: bool,
}

impl AdminUserMemberBody {
    /// # Errors
    /// identity sent no member.
    pub fn try_from_pb(d: id_pb::MemberDetailForStaff) -> Result<Self, ApiError> {
        let id_pb::MemberDetailForStaff { member, last_login, has_birth_data, onboarding_complete } = d;
        let member =
            member.ok_or_else(|| ApiError::Unexpected(anyhow::anyhow!("identity: a detail without its member")))?;
        Ok(Self { member: AdminMemberBody::from(member), last_login, has_birth_data, onboarding_complete })
    }
}

/// A chart's state (fortune-gen's).
#[derive(Clone, Copy, Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ChartStatus {
    Pending,
    Generating,
    Ready,
    Failed,
}

impl ChartStatus {
    fn parse(raw: &str) -> Result<Self, ApiError> {
        Ok(match raw {
            "pending" => Self::Pending,
            "generating" => Self::Generating,
            "ready" => Self::Ready,
            "failed" => Self::Failed,
            other => return Err(ApiError::Unexpected(anyhow::anyhow!("fortune-gen: chart status {other}"))),
        })
    }
}

/// A member's chart as staff see it: never the chart.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminChartBody {
    pub status: ChartStatus,
    #[schema(required = true)]
    pub updated_at: Option<String>,
    /// Builds tried since the last success or retry.
    pub attempts: i32,
    #[schema(required = true)]
    pub last_error: Option<String>,
}

impl TryFrom<fo::ChartForStaff> for AdminChartBody {
    type Error = ApiError;

    fn try_from(c: fo::ChartForStaff) -> Result<Self, ApiError> {
        let fo::ChartForStaff { status, updated_at, attempts, last_error } = c;
        Ok(Self { status: ChartStatus::parse(&status)?, updated_at, attempts, last_error })
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminCreditsBody {
    pub balance: i64,
}

/// `GET /api/admin/users/{id}`. A part whose service did not answer is null, and the service is
/// named in `unavailable` (`fortune`, `billing`, `social`, `support`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserBody {
    pub member: AdminUserMemberBody,
    #[schema(required = true)]
    pub chart: Option<AdminChartBody>,
    #[schema(required = true)]
    pub credits: Option<AdminCreditsBody>,
    #[schema(required = true)]
    pub friends_count: Option<i64>,
    /// The member's tickets, newest activity first (at most 50).
    #[schema(required = true)]
    pub tickets: Option<Vec<AdminTicketBody>>,
    pub unavailable: Vec<String>,
}

/// One ledger entry as staff see it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminLedgerEntryBody {
    #[serde(flatten)]
    pub entry: LedgerEntry,
    /// An adjustment's reason as the staff member wrote it.
    #[schema(required = true)]
    pub note: Option<String>,
    /// The staff member who adjusted.
    #[schema(required = true)]
    pub actor_id: Option<String>,
}

impl From<bi::LedgerEntry> for AdminLedgerEntryBody {
    fn from(mut e: bi::LedgerEntry) -> Self {
        let (note, actor_id) = (e.note.take(), e.actor_id.take());
        Self { entry: LedgerEntry::from(e), note, actor_id }
    }
}

/// `GET /api/admin/users/{id}/ledger`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminLedgerBody {
    pub balance: i64,
    pub entries: Vec<AdminLedgerEntryBody>,
    #[schema(required = true)]
    pub next_before: Option<String>,
}

/// One purchase as staff see it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminPurchaseBody {
    #[serde(flatten)]
    pub purchase: Purchase,
    #[schema(required = true)]
    pub stripe_session_id: Option<String>,
    #[schema(required = true)]
    pub stripe_payment_intent_id: Option<String>,
    /// Credits a refund could not take back.
    pub clawback_shortfall: i64,
}

impl TryFrom<bi::Purchase> for AdminPurchaseBody {
    type Error = ApiError;

    fn try_from(mut p: bi::Purchase) -> Result<Self, ApiError> {
        let stripe_session_id = p.stripe_session_id.take();
        let stripe_payment_intent_id = p.stripe_payment_intent_id.take();
        let clawback_shortfall = std::mem::take(&mut p.clawback_shortfall);
        Ok(Self { purchase: Purchase::try_from(p)?, stripe_session_id, stripe_payment_intent_id, clawback_shortfall })
    }
}

/// `GET /api/admin/users/{id}/purchases`.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminPurchasesBody {
    pub purchases: Vec<AdminPurchaseBody>,
}

/// `POST /api/admin/users/{id}/credits`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CreditAdjustmentBody {
    /// A UUID made once per submission (a double click or a retry sends the same).
    pub request_id: String,
    /// Credits to add (> 0) or take (< 0): ±1..=±100000.
    pub delta: i64,
    /// Why (1–200 characters): kept with the entry and in the audit log.
    pub reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CreditAdjustmentAnswer {
    pub balance: i64,
    pub entry: AdminLedgerEntryBody,
    /// The request id had made this adjustment before: nothing changed now.
    pub replayed: bool,
}

/// `POST /api/admin/users/{id}/chart/retry` (202).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartRetryAnswer {
    pub status: ChartStatus,
    #[schema(required = true)]
    pub updated_at: Option<String>,
}
