use actix_web::{HttpResponse, web};
use meguri_proto::fortune as pb;

use super::body::{BadgeBody, ChartBody, DailyBody, DayInfoBody, FriendUpdatesBody, OffsetQuery, ReportBody};
use crate::error::{ApiError, ErrorBody};
use crate::routes::public::post::CalculateBaziResponse;
use crate::routes::{SignedIn, rpc};
use crate::startup::AppState;

/// Today's reading for the caller's local date (generated once per day, then stored).
#[utoipa::path(get, path = "/api/fortune/daily", tag = "fortune", params(OffsetQuery),
    responses(
        (status = 200, description = "The day's reading", body = DailyBody),
        (status = 400, description = "INVALID_TIMEZONE_OFFSET", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 409, description = "CHART_NOT_READY, PROFILE_INCOMPLETE", body = ErrorBody),
    ))]
pub async fn daily(
    me: SignedIn,
    query: web::Query<OffsetQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let timezone_offset_minutes = query.sent()?;
    let (reading, ()) = tokio::join!(
        rpc(
            "GetDailyReading",
            state.readings.get_daily_reading(&me.ctx, pb::GetDailyReadingRequest { timezone_offset_minutes })
        ),
        state.offsets.keep_up_to_date(&state.identity, &me.ctx, me.user.user_id, timezone_offset_minutes),
    );
    let reading = reading?;
    Ok(HttpResponse::Ok().json(DailyBody::from(reading)))
}

/// The almanac items of the caller's local day (spec §3 "Day-info item"), most notable first.
#[utoipa::path(get, path = "/api/day-info", tag = "fortune", params(OffsetQuery),
    responses(
        (status = 200, description = "Day-info items", body = [DayInfoBody]),
        (status = 400, description = "INVALID_TIMEZONE_OFFSET", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 503, description = "No offset sent and identity unavailable", body = ErrorBody),
    ))]
pub async fn day_info(
    me: SignedIn,
    query: web::Query<OffsetQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let timezone_offset_minutes = query.sent()?;
    let (info, ()) = tokio::join!(
        rpc("GetDayInfo", state.fortune.get_day_info(&me.ctx, pb::GetDayInfoRequest { timezone_offset_minutes })),
        state.offsets.keep_up_to_date(&state.identity, &me.ctx, me.user.user_id, timezone_offset_minutes),
    );
    let info = info?;
    Ok(HttpResponse::Ok().json(info.items.into_iter().map(DayInfoBody::from).collect::<Vec<_>>()))
}

/// The fortune_badges catalogue.
#[utoipa::path(get, path = "/api/fortune/badges", tag = "fortune",
    responses(
        (status = 200, description = "Every badge", body = [BadgeBody]),
        (status = 401, description = "Signed out", body = ErrorBody),
    ))]
pub async fn badges(me: SignedIn, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let listed = rpc("ListBadges", state.fortune.list_badges(&me.ctx, pb::ListBadgesRequest {})).await?;
    Ok(HttpResponse::Ok().json(listed.badges.into_iter().map(BadgeBody::from).collect::<Vec<_>>()))
}

/// The caller's stored chart.
#[utoipa::path(get, path = "/api/fortune/chart", tag = "fortune",
    responses(
        (status = 200, description = "The chart", body = ChartBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 409, description = "CHART_NOT_READY", body = ErrorBody),
    ))]
pub async fn chart(me: SignedIn, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let got = rpc("GetChart", state.fortune.get_chart(&me.ctx, pb::GetChartRequest {})).await?;
    let chart = got.chart.ok_or_else(|| anyhow::anyhow!("GetChart: no chart"))?;
    Ok(HttpResponse::Ok().json(ChartBody {
        status: got.status,
        built_at: got.built_at,
        chart: CalculateBaziResponse::try_from(chart)?,
    }))
}

/// The caller's report for the current year; asking starts it when there is none.
#[utoipa::path(get, path = "/api/fortune/yearly", tag = "fortune", params(OffsetQuery),
    responses(
        (status = 200, description = "The report (status generating, ready or failed)", body = ReportBody),
        (status = 400, description = "INVALID_TIMEZONE_OFFSET", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 409, description = "CHART_NOT_READY", body = ErrorBody),
    ))]
pub async fn yearly(
    me: SignedIn,
    query: web::Query<OffsetQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let timezone_offset_minutes = query.sent()?;
    let (report, ()) = tokio::join!(
        rpc(
            "GetYearlyReport",
            state.readings.get_yearly_report(&me.ctx, pb::GetYearlyReportRequest { timezone_offset_minutes })
        ),
        state.offsets.keep_up_to_date(&state.identity, &me.ctx, me.user.user_id, timezone_offset_minutes),
    );
    let report = report?;
    Ok(HttpResponse::Ok().json(ReportBody::from(report)))
}

/// The caller's life report.
#[utoipa::path(get, path = "/api/fortune/life", tag = "fortune",
    responses(
        (status = 200, description = "The report (status generating, ready or failed)", body = ReportBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 409, description = "CHART_NOT_READY", body = ErrorBody),
    ))]
pub async fn life(me: SignedIn, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let report = rpc("GetLifeReport", state.readings.get_life_report(&me.ctx, pb::GetLifeReportRequest {})).await?;
    Ok(HttpResponse::Ok().json(ReportBody::from(report)))
}

/// At most 3 updates about the caller's friends' day (spec §3), built once per local day from
/// the friends with a ready chart, then served as stored but only for those who are friends at the
/// moment of the read (a block or an unfriend hides each from the other at once).
#[utoipa::path(get, path = "/api/friend-updates", tag = "fortune", params(OffsetQuery),
    responses(
        (status = 200, description = "The day's updates (none without friends whose chart is ready)", body = FriendUpdatesBody),
        (status = 400, description = "INVALID_TIMEZONE_OFFSET", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 503, description = "SOCIAL_UNAVAILABLE: the friends list does not answer", body = ErrorBody),
    ))]
pub async fn friend_updates(
    me: SignedIn,
    query: web::Query<OffsetQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let timezone_offset_minutes = query.sent()?;
    let (updates, ()) = tokio::join!(
        rpc(
            "GetFriendUpdates",
            state.fortune.get_friend_updates(&me.ctx, pb::GetFriendUpdatesRequest { timezone_offset_minutes })
        ),
        state.offsets.keep_up_to_date(&state.identity, &me.ctx, me.user.user_id, timezone_offset_minutes),
    );
    let updates = updates?;
    Ok(HttpResponse::Ok().json(FriendUpdatesBody::from(updates)))
}
