use actix_web::{HttpRequest, HttpResponse, web};
use meguri_proto::bazi_engine as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::clients::CallContext;
use crate::domain::dates::{parse_range, today_jst};
use crate::error::{ApiError, ErrorBody};
use crate::routes::public::post::PillarBody;
use crate::routes::rpc;
use crate::session::TypedSession;
use crate::startup::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AlmanacQuery {
    /// First day, `YYYY-MM-DD` (default: today in Japan).
    #[param(pattern = r"^(19[0-9]{2}|20[0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])$")]
    pub from: Option<String>,
    /// Last day, inclusive (default: `from`), not before `from`; at most 366 days in all.
    #[param(pattern = r"^(19[0-9]{2}|20[0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])$")]
    pub to: Option<String>,
}

/// One almanac entry of a day (暦注, holiday, 雑節…).
#[derive(Debug, Serialize, ToSchema)]
pub struct AlmanacItemBody {
    /// Stable id, e.g. `ichiryu_manbai`, `taian`, `holiday`.
    pub id: String,
    pub name: String,
    pub description: String,
    /// `rokuyo`, `rekichu`, `holiday`, `sekki` or `zassetsu`.
    pub kind: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LunarDateBody {
    pub year: i32,
    pub month: i32,
    pub leap: bool,
    pub day: i32,
    /// e.g. 旧10月13日.
    pub label: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlmanacDayBody {
    pub date: String,
    /// 日..土.
    pub weekday: String,
    pub lunar: LunarDateBody,
    /// 六曜.
    pub rokuyo: String,
    #[schema(required = true)]
    pub day_pillar: Option<PillarBody>,
    #[schema(required = true)]
    pub month_pillar: Option<PillarBody>,
    #[schema(required = true)]
    pub year_pillar: Option<PillarBody>,
    /// 節月 (1 = 寅月).
    pub sekki_month: i32,
    pub items: Vec<AlmanacItemBody>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AlmanacResponse {
    pub days: Vec<AlmanacDayBody>,
}

impl From<pb::AlmanacDay> for AlmanacDayBody {
    fn from(d: pb::AlmanacDay) -> Self {
        // Destructured without `..`: a field added to the proto message fails to compile until it is mapped.
        let pb::AlmanacDay {
            date,
            weekday,
            lunar_year,
            lunar_month,
            lunar_leap,
            lunar_day,
            lunar_label,
            rokuyo,
            day_pillar,
            sekki_month,
            month_pillar,
            year_pillar,
            items,
        } = d;
        Self {
            date,
            weekday,
            lunar: LunarDateBody {
                year: lunar_year,
                month: lunar_month,
                leap: lunar_leap,
                day: lunar_day,
                label: lunar_label,
            },
            rokuyo,
            day_pillar: day_pillar.map(Into::into),
            month_pillar: month_pillar.map(Into::into),
            year_pillar: year_pillar.map(Into::into),
            sekki_month,
            items: items.into_iter().map(AlmanacItemBody::from).collect(),
        }
    }
}

impl From<pb::AlmanacItem> for AlmanacItemBody {
    fn from(i: pb::AlmanacItem) -> Self {
        // `source` names the rule book behind the item, for the engine's own reference; not sent.
        let pb::AlmanacItem { id, name, description, kind, source: _ } = i;
        Self { id, name, description, kind }
    }
}

/// Japanese almanac days (六曜, 暦注, holidays) for a JST date range.
#[utoipa::path(
    get,
    path = "/api/almanac",
    tag = "almanac",
    params(AlmanacQuery),
    responses(
        (status = 200, description = "The days", body = AlmanacResponse),
        (status = 400, description = "Invalid range", body = ErrorBody),
        (status = 503, description = "The engine is unavailable", body = ErrorBody),
    )
)]
pub async fn almanac(
    req: HttpRequest,
    query: web::Query<AlmanacQuery>,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (from, to) = parse_range(query.from.as_deref(), query.to.as_deref(), today_jst()).map_err(ApiError::Invalid)?;
    let ctx = CallContext::of(&req, &session).await;
    let response = rpc(
        "GetAlmanac",
        state.engine.get_almanac(
            &ctx,
            pb::GetAlmanacRequest { from: from.format("%Y-%m-%d").to_string(), to: to.format("%Y-%m-%d").to_string() },
        ),
    )
    .await?;
    Ok(HttpResponse::Ok().json(AlmanacResponse { days: response.days.into_iter().map(Into::into).collect() }))
}
