//! The tonic service: proto → domain input, call [`Fortune`], domain → proto. No SQL, no rules.

use chrono::{DateTime, SecondsFormat, Utc};
use meguri_auth::Role;
use meguri_ids::UserId;
use meguri_proto::bazi_engine as be;
use meguri_proto::fortune as pb;
use meguri_proto::fortune::fortune_server;
use tonic::{Request, Response, Status};

use crate::domain::friend_updates::{FriendRef, FriendUpdate};
use crate::domain::{ChartStatus, DayItem, NewRating, TimezoneOffset};
use crate::error::Error;
use crate::usecases::Fortune;
use crate::usecases::records::{ChartRecord, DailyRecord, FriendUpdatesRecord, RatingRecord, ReportKind, ReportRecord};

pub struct FortuneService {
    pub fortune: Fortune,
}

/// Staff (admin or support) in the admin SPA: their id.
fn staff<T>(request: &Request<T>) -> Result<UserId, Status> {
    match meguri_auth::caller(request) {
        Some(meguri_auth::Caller { role: Role::Admin | Role::Support, user: Some(staff) }) => Ok(staff),
        Some(_) => Err(Error::PermissionDenied.into()),
        None => Err(Error::NotAUser.into()),
    }
}

fn member_in(raw: &str) -> Result<UserId, Status> {
    raw.trim().parse().map_err(|_| Error::InvalidUserId.into())
}

fn chart_for_staff_out(row: Option<ChartRecord>) -> pb::ChartForStaff {
    row.map_or_else(
        || pb::ChartForStaff { status: ChartStatus::Pending.as_str().to_owned(), ..Default::default() },
        |r| pb::ChartForStaff {
            status: r.status.as_str().to_owned(),
            updated_at: Some(time(r.updated_at)),
            attempts: r.attempts,
            last_error: r.last_error,
        },
    )
}

/// The offset the caller sent, checked; `None` when none was sent.
fn sent_offset(minutes: Option<i32>) -> Result<Option<TimezoneOffset>, Status> {
    minutes.map(TimezoneOffset::parse).transpose().map_err(|e| Error::from(crate::domain::Invalid::from(e)).into())
}

fn time(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

fn split(pillar: &str) -> be::Pillar {
    let mut chars = pillar.chars();
    be::Pillar {
        heavenly_stem: chars.next().map(String::from).unwrap_or_default(),
        earthly_branch: chars.next().map(String::from).unwrap_or_default(),
    }
}

fn daily_out(r: DailyRecord) -> pb::DailyReading {
    pb::DailyReading {
        date: r.local_date.to_string(),
        lines: r.lines,
        dos: r.dos,
        donts: r.donts,
        reasons: r
            .reasons
            .into_iter()
            .map(|x| pb::Reason { kind: x.kind, label: x.label, detail: x.detail, hour_dependent: x.hour_dependent })
            .collect(),
        content_hash: r.content_hash,
        engine: r.engine,
        generated_at: time(r.generated_at),
        day_pillar: Some(split(&r.day_pillar)),
    }
}

fn item_out(i: DayItem) -> pb::DayInfoItem {
    pb::DayInfoItem { id: i.id, name: i.name, description: i.description, r#type: i.kind }
}

fn rating_out(r: RatingRecord) -> pb::Rating {
    pb::Rating {
        id: r.id.to_string(),
        fortune_type: r.fortune_type,
        fortune_content_hash: r.fortune_content_hash,
        rating: r.rating,
        feedback_text: r.feedback_text,
        created_at: time(r.created_at),
        updated_at: time(r.updated_at),
    }
}

fn report_out(r: ReportRecord) -> pb::Report {
    let year = match r.kind {
        ReportKind::Yearly(year) => year,
        ReportKind::Life => 0,
    };
    let content = r.content.unwrap_or_else(|| crate::usecases::records::ReportContent {
        title: String::new(),
        sections: Vec::new(),
        important_dates: Vec::new(),
        hour_dependent: Vec::new(),
    });
    // Only a ready report shows its content (a regenerating one may still hold the old text).
    let ready = r.status == crate::domain::ReportStatus::Ready;
    pb::Report {
        kind: r.kind.label().to_owned(),
        status: r.status.as_str().to_owned(),
        year,
        title: if ready { content.title } else { String::new() },
        sections: if ready {
            content.sections.into_iter().map(|s| pb::ReportSection { heading: s.heading, body: s.body }).collect()
        } else {
            Vec::new()
        },
        important_dates: if ready {
            content
                .important_dates
                .into_iter()
                .map(|d| pb::ImportantDate { date: d.date, label: d.label, detail: d.detail })
                .collect()
        } else {
            Vec::new()
        },
        generated_at: if ready { r.generated_at.map(time) } else { None },
        engine: if ready { r.engine.unwrap_or_default() } else { String::new() },
        hour_dependent: if ready { content.hour_dependent } else { Vec::new() },
    }
}

fn friend_out(f: FriendRef) -> pb::FriendRef {
    pb::FriendRef {
        user_id: f.user_id.to_string(),
        username: f.username,
        first_name: f.first_name,
        profile_image_url: f.profile_image_url,
    }
}

fn update_out(u: FriendUpdate) -> pb::FriendUpdate {
    pb::FriendUpdate { id: u.id, text: u.text, friends: u.friends.into_iter().map(friend_out).collect() }
}

fn friend_updates_out(r: FriendUpdatesRecord) -> pb::GetFriendUpdatesResponse {
    pb::GetFriendUpdatesResponse {
        date: r.local_date.to_string(),
        updates: r.updates.into_iter().map(update_out).collect(),
    }
}

fn failure_out(r: ChartRecord) -> pb::ChartFailure {
    pb::ChartFailure {
        user_id: r.user_id.to_string(),
        attempts: r.attempts,
        last_error: r.last_error.unwrap_or_default(),
        next_attempt_at: r.next_attempt_at.map(time),
        updated_at: time(r.updated_at),
    }
}

#[tonic::async_trait]
impl fortune_server::Fortune for FortuneService {
    async fn get_chart_status(
        &self,
        request: Request<pb::GetChartStatusRequest>,
    ) -> Result<Response<pb::GetChartStatusResponse>, Status> {
        let user = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let birth_data_changed = request.get_ref().birth_data_changed;
        let (status, updated_at) = self.fortune.chart_status(user, birth_data_changed).await?;
        Ok(Response::new(pb::GetChartStatusResponse {
            status: status.as_str().to_owned(),
            updated_at: updated_at.map(time),
        }))
    }

    async fn get_chart(&self, request: Request<pb::GetChartRequest>) -> Result<Response<pb::GetChartResponse>, Status> {
        let user = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let (chart, built_at) = self.fortune.chart(user).await?;
        Ok(Response::new(pb::GetChartResponse {
            status: crate::domain::ChartStatus::Ready.as_str().to_owned(),
            chart: Some(chart),
            built_at: time(built_at),
        }))
    }

    async fn get_daily_reading(
        &self,
        request: Request<pb::GetDailyReadingRequest>,
    ) -> Result<Response<pb::DailyReading>, Status> {
        let user = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let offset = sent_offset(request.get_ref().timezone_offset_minutes)?;
        Ok(Response::new(daily_out(self.fortune.daily_reading(user, offset).await?)))
    }

    async fn get_day_info(
        &self,
        request: Request<pb::GetDayInfoRequest>,
    ) -> Result<Response<pb::GetDayInfoResponse>, Status> {
        let user = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let offset = sent_offset(request.get_ref().timezone_offset_minutes)?;
        let (date, items) = self.fortune.day_info(user, offset).await?;
        Ok(Response::new(pb::GetDayInfoResponse {
            date: date.to_string(),
            items: items.into_iter().map(item_out).collect(),
        }))
    }

    async fn list_badges(
        &self,
        _request: Request<pb::ListBadgesRequest>,
    ) -> Result<Response<pb::ListBadgesResponse>, Status> {
        let badges = self.fortune.badges().await?;
        Ok(Response::new(pb::ListBadgesResponse {
            badges: badges
                .into_iter()
                .map(|b| pb::Badge {
                    id: b.id,
                    name: b.name,
                    description: b.description,
                    r#type: b.kind,
                    is_active: b.is_active,
                })
                .collect(),
        }))
    }

    async fn rate_fortune(&self, request: Request<pb::RateFortuneRequest>) -> Result<Response<pb::Rating>, Status> {
        let user = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let r = request.into_inner();
        let new = NewRating::parse(
            &r.fortune_type,
            &r.fortune_content_hash,
            &r.rating,
            r.feedback_text.as_deref(),
            r.context_json.as_deref(),
        )
        .map_err(Error::from)?;
        Ok(Response::new(rating_out(self.fortune.rate(user, new).await?)))
    }

    async fn update_rating_feedback(
        &self,
        request: Request<pb::UpdateRatingFeedbackRequest>,
    ) -> Result<Response<pb::Rating>, Status> {
        let user = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let r = request.into_inner();
        let rating = self
            .fortune
            .update_feedback(user, &r.fortune_content_hash, &r.feedback_text, r.fortune_type.as_deref())
            .await?;
        Ok(Response::new(rating_out(rating)))
    }

    async fn get_yearly_report(
        &self,
        request: Request<pb::GetYearlyReportRequest>,
    ) -> Result<Response<pb::Report>, Status> {
        let user = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let offset = sent_offset(request.get_ref().timezone_offset_minutes)?;
        Ok(Response::new(report_out(self.fortune.yearly_report(user, offset).await?)))
    }

    async fn get_life_report(
        &self,
        request: Request<pb::GetLifeReportRequest>,
    ) -> Result<Response<pb::Report>, Status> {
        let user = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        Ok(Response::new(report_out(self.fortune.report(user, ReportKind::Life).await?)))
    }

    async fn get_friend_updates(
        &self,
        request: Request<pb::GetFriendUpdatesRequest>,
    ) -> Result<Response<pb::GetFriendUpdatesResponse>, Status> {
        let user = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let offset = sent_offset(request.get_ref().timezone_offset_minutes)?;
        Ok(Response::new(friend_updates_out(self.fortune.friend_updates(user, offset).await?)))
    }

    async fn list_chart_failures(
        &self,
        request: Request<pb::ListChartFailuresRequest>,
    ) -> Result<Response<pb::ListChartFailuresResponse>, Status> {
        staff(&request)?;
        let failures = self.fortune.chart_failures(request.get_ref().limit).await?;
        let total = self.fortune.failed_charts().await?;
        Ok(Response::new(pb::ListChartFailuresResponse {
            failures: failures.into_iter().map(failure_out).collect(),
            total,
        }))
    }

    async fn get_chart_for_staff(
        &self,
        request: Request<pb::ChartForStaffRequest>,
    ) -> Result<Response<pb::ChartForStaff>, Status> {
        staff(&request)?;
        let user = member_in(&request.get_ref().user_id)?;
        Ok(Response::new(chart_for_staff_out(self.fortune.chart_for_staff(user).await?)))
    }

    async fn retry_chart(
        &self,
        request: Request<pb::ChartForStaffRequest>,
    ) -> Result<Response<pb::ChartForStaff>, Status> {
        let by = staff(&request)?;
        let user = member_in(&request.get_ref().user_id)?;
        Ok(Response::new(chart_for_staff_out(Some(self.fortune.retry_chart(by, user).await?))))
    }
}
