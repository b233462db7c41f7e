//! The dashboard's charts (issue 26): the analytics rollups of a range of Japan days (support's
//! daily_analytics) beside the money of the same days (billing), every day of the range present
//! (zeros and `rolledUp: false` for a day not rolled up yet), with the range's totals, funnel,
//! feature usage, browsers and places summed from the days. A billing that does not answer leaves
//! the money at zero and is named in `unavailable`.

use std::collections::BTreeMap;

use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use meguri_proto::billing as bi;
use meguri_proto::support as su;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::staff::Staff;
use crate::error::{ApiError, ErrorBody};
use crate::routes::support::support_rpc;
use crate::startup::AppState;
use meguri_japan_day::{DayError, DayRange};

/// The longest range, in days.
pub const MAX_DAYS: i64 = 366;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
#[serde(default, rename_all = "camelCase")]
pub struct AnalyticsQuery {
    /// First Japan day, `YYYY-MM-DD` (required).
    pub from: Option<String>,
    /// Last Japan day, `YYYY-MM-DD`, at most 366 days after `from` counted inclusively (required).
    pub to: Option<String>,
}

/// One Japan day.
#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsDayBody {
    /// `YYYY-MM-DD`.
    pub date: String,
    /// Whether the day is rolled up (false: its analytics figures are not computed yet, zeros).
    pub rolled_up: bool,
    pub new_users: i64,
    pub active_users: i64,
    pub weekly_active_users: i64,
    pub monthly_active_users: i64,
    pub visits: i64,
    pub page_views: i64,
    pub revenue_yen: i64,
    pub purchases: i64,
    pub credits_sold: i64,
    pub credits_spent: i64,
}

/// A named count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountBody {
    pub name: String,
    pub count: i64,
}

/// The range's sums.
#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsTotalsBody {
    pub new_users: i64,
    pub visits: i64,
    pub page_views: i64,
    pub revenue_yen: i64,
    pub purchases: i64,
    pub credits_sold: i64,
    pub credits_spent: i64,
}

/// The dashboard's charts for a range.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsBody {
    pub from: String,
    pub to: String,
    /// Every day of the range, in order.
    pub days: Vec<AnalyticsDayBody>,
    pub totals: AnalyticsTotalsBody,
    /// The funnel's steps in order: landing_calculation, sign_up, email_verified, first_reading,
    /// first_chat, first_purchase (each summed over the range).
    pub funnel: Vec<CountBody>,
    /// Events per type over the range, most first.
    pub feature_usage: Vec<CountBody>,
    /// Visits per browser, most first.
    pub browsers: Vec<CountBody>,
    /// Visits per operating system, most first.
    pub operating_systems: Vec<CountBody>,
    /// Visits per country (ISO code, `unknown`), most first.
    pub countries: Vec<CountBody>,
    /// Visits per city (`JP/東京`), most first.
    pub cities: Vec<CountBody>,
    /// Services that did not answer (`billing`): their figures are zero.
    pub unavailable: Vec<String>,
}

/// The funnel's steps, in order.
pub const FUNNEL: [&str; 6] =
    ["landing_calculation", "sign_up", "email_verified", "first_reading", "first_chat", "first_purchase"];

/// The range `from..=to`, checked.
///
/// # Errors
/// 400 `INVALID_ANALYTICS_DATE` (missing, not a day, outside 2000–9999) or
/// `INVALID_ANALYTICS_RANGE` (reversed, longer than [`MAX_DAYS`]).
pub fn range(from: Option<&str>, to: Option<&str>) -> Result<DayRange, ApiError> {
    DayRange::parse(from.unwrap_or_default(), to.unwrap_or_default(), MAX_DAYS).map_err(|e| {
        ApiError::Invalid(match e {
            DayError::NotADay => "INVALID_ANALYTICS_DATE",
            DayError::Range => "INVALID_ANALYTICS_RANGE",
        })
    })
}

fn object(json: &str) -> serde_json::Map<String, serde_json::Value> {
    match serde_json::from_str(json) {
        Ok(serde_json::Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    }
}

fn add_counts(into: &mut BTreeMap<String, i64>, map: &serde_json::Map<String, serde_json::Value>) {
    for (name, value) in map {
        *into.entry(name.clone()).or_default() += value.as_i64().unwrap_or(0);
    }
}

fn ranked(counts: BTreeMap<String, i64>) -> Vec<CountBody> {
    let mut list: Vec<CountBody> =
        counts.into_iter().filter(|(_, n)| *n > 0).map(|(name, count)| CountBody { name, count }).collect();
    list.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.name.cmp(&b.name)));
    list
}

/// Every day of the range with its figures (support's rows, billing's days), and the sums.
#[must_use]
pub fn summarize(
    range: DayRange,
    rows: &[su::DailyAnalytics],
    money: &[bi::daily_money::Day],
    unavailable: Vec<String>,
) -> AnalyticsBody {
    let rows: BTreeMap<&str, &su::DailyAnalytics> = rows.iter().map(|r| (r.day.as_str(), r)).collect();
    let money: BTreeMap<&str, &bi::daily_money::Day> = money.iter().map(|m| (m.day.as_str(), m)).collect();
    let (mut funnel, mut features, mut browsers, mut systems, mut countries, mut cities) =
        (BTreeMap::new(), BTreeMap::new(), BTreeMap::new(), BTreeMap::new(), BTreeMap::new(), BTreeMap::new());
    let mut totals = AnalyticsTotalsBody::default();
    let days: Vec<AnalyticsDayBody> = range
        .days()
        .map(|d| {
            let date = d.format("%Y-%m-%d").to_string();
            let mut day = AnalyticsDayBody { date: date.clone(), ..AnalyticsDayBody::default() };
            if let Some(r) = rows.get(date.as_str()) {
                day.rolled_up = true;
                day.new_users = r.new_users.into();
                day.active_users = r.active_users.into();
                day.weekly_active_users = r.weekly_active_users.into();
                day.monthly_active_users = r.monthly_active_users.into();
                day.visits = r.visits.into();
                day.page_views = r.page_views.into();
                add_counts(&mut funnel, &object(&r.funnel_json));
                add_counts(&mut features, &object(&r.feature_usage_json));
                let places = object(&r.geographics_json);
                let agents = object(&r.browser_stats_json);
                let part = |m: &serde_json::Map<String, serde_json::Value>, k: &str| {
                    m.get(k).and_then(|v| v.as_object().cloned()).unwrap_or_default()
                };
                add_counts(&mut countries, &part(&places, "countries"));
                add_counts(&mut cities, &part(&places, "cities"));
                add_counts(&mut browsers, &part(&agents, "browsers"));
                add_counts(&mut systems, &part(&agents, "os"));
            }
            if let Some(m) = money.get(date.as_str()) {
                day.revenue_yen = m.revenue_yen;
                day.purchases = m.purchases;
                day.credits_sold = m.credits_sold;
                day.credits_spent = m.credits_spent;
            }
            totals.new_users += day.new_users;
            totals.visits += day.visits;
            totals.page_views += day.page_views;
            totals.revenue_yen += day.revenue_yen;
            totals.purchases += day.purchases;
            totals.credits_sold += day.credits_sold;
            totals.credits_spent += day.credits_spent;
            day
        })
        .collect();
    AnalyticsBody {
        from: range.from.format("%Y-%m-%d").to_string(),
        to: range.to.format("%Y-%m-%d").to_string(),
        days,
        totals,
        funnel: FUNNEL
            .iter()
            .map(|step| CountBody { name: (*step).to_owned(), count: funnel.get(*step).copied().unwrap_or(0) })
            .collect(),
        feature_usage: ranked(features),
        browsers: ranked(browsers),
        operating_systems: ranked(systems),
        countries: ranked(countries),
        cities: ranked(cities),
        unavailable,
    }
}

/// The dashboard's charts for a range of Japan days.
#[utoipa::path(get, path = "/api/admin/analytics", operation_id = "admin_analytics", tag = "admin",
    security(("admin_token" = [])),
    params(AnalyticsQuery),
    responses(
        (status = 200, description = "Every day of the range with its figures", body = AnalyticsBody),
        (status = 400, description = "INVALID_ANALYTICS_DATE, INVALID_ANALYTICS_RANGE", body = ErrorBody),
        (status = 401, description = "ADMIN_UNAUTHENTICATED", body = ErrorBody),
        (status = 503, description = "support unavailable", body = ErrorBody),
    ))]
pub async fn analytics(
    staff: Staff,
    query: web::Query<AnalyticsQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner();
    let range = range(q.from.as_deref(), q.to.as_deref())?;
    let day = |d: NaiveDate| d.format("%Y-%m-%d").to_string();
    let (start, end) = range.bounds();
    let instant = |t: chrono::DateTime<chrono::Utc>| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let ctx = &staff.ctx;
    let (rows, money) = tokio::join!(
        support_rpc(
            "GetDailyAnalytics",
            state.support.get_daily_analytics(
                ctx,
                su::GetDailyAnalyticsRequest { from_day: day(range.from), to_day: day(range.to) }
            ),
        ),
        state.billing.get_daily_money(ctx, bi::GetDailyMoneyRequest { from: instant(start), to: instant(end) },),
    );
    let rows = rows?;
    let mut unavailable = Vec::new();
    let money = match money {
        Ok(m) => m.days,
        Err(status) => {
            tracing::warn!(name: "gateway.admin.figure_missing", service = "billing", grpc.code = ?status.code(), "the money of the analytics range is missing");
            unavailable.push("billing".to_owned());
            Vec::new()
        }
    };
    Ok(HttpResponse::Ok().json(summarize(range, &rows.days, &money, unavailable)))
}

/// The days to roll up again.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct RollUpIn {
    /// First Japan day, `YYYY-MM-DD` (required).
    #[schema(required = true)]
    pub from: Option<String>,
    /// Last Japan day, `YYYY-MM-DD`, at most 92 days after `from` counted inclusively (required).
    #[schema(required = true)]
    pub to: Option<String>,
}

/// How many days were rolled up.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RolledUpBody {
    pub days: usize,
}

/// Admins: rolls the days up again now (today so far included), replacing their figures; the
/// dashboard then shows them (`GET /api/admin/analytics`).
#[utoipa::path(post, path = "/api/admin/analytics/rollup", operation_id = "admin_analytics_rollup", tag = "admin",
    security(("admin_token" = [])),
    request_body = RollUpIn,
    responses(
        (status = 200, description = "The days rolled up", body = RolledUpBody),
        (status = 400, description = "INVALID_ANALYTICS_DATE, INVALID_ANALYTICS_RANGE (over 92 days)", body = ErrorBody),
        (status = 401, description = "ADMIN_UNAUTHENTICATED", body = ErrorBody),
        (status = 403, description = "ADMIN_FORBIDDEN (support staff)", body = ErrorBody),
        (status = 503, description = "support unavailable", body = ErrorBody),
    ))]
pub async fn roll_up(
    staff: Staff,
    body: crate::extract::Json<RollUpIn>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    staff.require_admin()?;
    let b = body.into_inner();
    let range = range(b.from.as_deref(), b.to.as_deref())?;
    let day = |d: NaiveDate| d.format("%Y-%m-%d").to_string();
    let request = su::GetDailyAnalyticsRequest { from_day: day(range.from), to_day: day(range.to) };
    let rolled = support_rpc("RollUpAnalytics", state.support.roll_up_analytics(&staff.ctx, request)).await?;
    Ok(HttpResponse::Ok().json(RolledUpBody { days: rolled.days.len() }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").expect("day")
    }

    #[test]
    fn ranges_are_checked() {
        let ok = range(Some("2026-11-01"), Some("2026-11-30")).expect("ok");
        assert_eq!((ok.from, ok.to), (day("2026-11-01"), day("2026-11-30")));
        for (from, to, code) in [
            (None, Some("2026-11-30"), "INVALID_ANALYTICS_DATE"),
            (Some("2026-02-30"), Some("2026-03-01"), "INVALID_ANALYTICS_DATE"),
            (Some("1999-12-31"), Some("2000-01-01"), "INVALID_ANALYTICS_DATE"),
            (Some("2026-11-30"), Some("2026-11-01"), "INVALID_ANALYTICS_RANGE"),
            (Some("2025-01-01"), Some("2026-01-02"), "INVALID_ANALYTICS_RANGE"),
        ] {
            match range(from, to) {
                Err(ApiError::Invalid(c)) => assert_eq!(c, code, "{from:?} {to:?}"),
                other => panic!("{from:?} {to:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn every_day_is_present_and_the_range_sums_the_days() {
        let row = |d: &str, visits: i32, funnel: &str, browsers: &str| su::DailyAnalytics {
            day: d.to_owned(),
            new_users: 1,
            active_users: 2,
            weekly_active_users: 3,
            monthly_active_users: 4,
            visits,
            page_views: visits * 2,
            feature_usage_json: r#"{"diary_entry": 2, "page_view": 5}"#.to_owned(),
            funnel_json: funnel.to_owned(),
            geographics_json: r#"{"countries": {"JP": 1}, "cities": {"JP/東京": 1}}"#.to_owned(),
            browser_stats_json: browsers.to_owned(),
        };
        let rows = [
            row(
                "2026-11-01",
                3,
                r#"{"sign_up": 1, "landing_calculation": 4}"#,
                r#"{"browsers": {"Chrome": 3}, "os": {}}"#,
            ),
            row("2026-11-03", 1, r#"{"sign_up": 2}"#, r#"{"browsers": {"Safari": 1, "Chrome": 1}}"#),
        ];
        let money = [bi::daily_money::Day {
            day: "2026-11-02".into(),
            revenue_yen: 500,
            purchases: 1,
            credits_sold: 50,
            credits_spent: 3,
        }];
        let body = summarize(
            DayRange::new(day("2026-11-01"), day("2026-11-03"), MAX_DAYS).expect("range"),
            &rows,
            &money,
            Vec::new(),
        );
        assert_eq!(body.days.iter().map(|d| d.rolled_up).collect::<Vec<_>>(), [true, false, true]);
        assert_eq!(body.days[1].revenue_yen, 500);
        assert_eq!((body.totals.visits, body.totals.page_views, body.totals.new_users), (4, 8, 2));
        assert_eq!(body.totals.revenue_yen, 500);
        assert_eq!(body.funnel[0], CountBody { name: "landing_calculation".into(), count: 4 });
        assert_eq!(body.funnel[1], CountBody { name: "sign_up".into(), count: 3 });
        assert_eq!(body.funnel.len(), 6);
        assert_eq!(body.browsers[0], CountBody { name: "Chrome".into(), count: 4 });
        assert_eq!(body.feature_usage[0], CountBody { name: "page_view".into(), count: 10 });
        assert_eq!(body.cities[0], CountBody { name: "JP/東京".into(), count: 2 });
    }
}
