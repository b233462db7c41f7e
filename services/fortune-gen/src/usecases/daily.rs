//! The daily reading, day-info and the badge catalogue.

use std::collections::{BTreeSet, HashMap};

use anyhow::Context as _;
use chrono::{Days, NaiveDate, SubsecRound as _};
use diesel_async::AsyncConnection as _;
use fortune_reading::History;
use meguri_analytics::Activity;
use meguri_ids::UserId;
use meguri_proto::bazi_engine as be;

use crate::db;
use crate::domain::{DayItem, TimezoneOffset, content_hash, daily_seed, order_day_items, personal_marks};
use crate::engine::DailyInput;
use crate::error::Error;
use crate::facts;
use crate::usecases::Fortune;
use crate::usecases::records::{BadgeRecord, DailyRecord, PastReading};

/// The days of lines a new reading must not repeat.
pub const LINE_HISTORY_DAYS: u64 = 30;
/// The days of key words a new reading avoids (`recentWords14d`).
pub const WORD_HISTORY_DAYS: u64 = 14;

/// What the user saw in the days before `date` (`past` holds at most the last 30 days).
#[must_use]
pub fn history(past: &[PastReading], date: NaiveDate) -> History {
    let words_from = date.checked_sub_days(Days::new(WORD_HISTORY_DAYS)).unwrap_or(date);
    History {
        recent_lines: past.iter().flat_map(|p| p.lines.iter().cloned()).collect(),
        recent_words: past
            .iter()
            .filter(|p| p.local_date >= words_from)
            .flat_map(|p| p.words.iter().cloned())
            .collect::<BTreeSet<_>>(),
    }
}

fn pillar_name(p: Option<&be::Pillar>) -> String {
    p.map(|p| format!("{}{}", p.heavenly_stem, p.earthly_branch)).unwrap_or_default()
}

impl Fortune {
    /// The almanac day of `date` (exactly one).
    async fn almanac_day(&self, date: NaiveDate) -> Result<be::AlmanacDay, Error> {
        let days = self.peers.almanac(date, date).await?;
        Ok(days.into_iter().next().context("bazi-engine: no almanac day")?)
    }

    /// Today's reading (in the offset `sent`, else the user's stored one, else Japan): the stored
    /// one, or a new one generated, stored and returned. Two first requests of a day both return
    /// the one stored first.
    ///
    /// # Errors
    /// [`Error::ChartNotReady`], [`Error::ProfileIncomplete`], [`Error::Unavailable`] when
    /// bazi-engine (or identity, when no offset was sent) does not answer.
    #[tracing::instrument(skip_all, fields(user_id = %user))]
    pub async fn daily_reading(&self, user: UserId, sent: Option<TimezoneOffset>) -> Result<DailyRecord, Error> {
        let offset = self.local_offset(user, sent).await?;
        let now = self.clock.now();
        let date = offset.local_date(now);
        // Today's reading stays today's, even while the chart is being rebuilt.
        {
            let mut conn = self.conn().await?;
            if let Some(stored) = db::daily::find(&mut conn, user, date).await? {
                return Ok(stored);
            }
        }
        let chart = self.ready_chart(user).await?;
        // Generated in a task of its own: a caller that gives up (its deadline passed while the
        // LLM was writing) does not waste the reading — it is stored, and the next call finds it.
        let this = self.clone();
        let task = async move { this.generate_daily(user, date, chart).await };
        tokio::spawn(tracing::Instrument::in_current_span(task)).await.context("the daily reading task")?
    }

    async fn generate_daily(&self, user: UserId, date: NaiveDate, chart: be::Chart) -> Result<DailyRecord, Error> {
        let day = self.almanac_day(date).await?;
        let pillars = vec![day.day_pillar.clone().unwrap_or_default(), day.month_pillar.clone().unwrap_or_default()];
        let answer = self.peers.transits(facts::natal_pillars(&chart).map_err(anyhow::Error::new)?, pillars).await?;
        let mut transits = facts::transits(&answer, 2).map_err(anyhow::Error::new)?.into_iter();
        let (Some(day_transit), Some(month_transit)) = (transits.next(), transits.next()) else {
            return Err(anyhow::anyhow!("bazi-engine: two transits expected").into());
        };
        let past = {
            let mut conn = self.conn().await?;
            let from = date.checked_sub_days(Days::new(LINE_HISTORY_DAYS)).unwrap_or(date);
            db::daily::between(&mut conn, user, from, date).await?
        };
        let input = DailyInput {
            natal: facts::natal(&chart).map_err(anyhow::Error::new)?,
            day: facts::day_facts(date, &day, day_transit, month_transit),
            history: history(&past, date),
            seed: daily_seed(user, date),
        };
        let (reading, engine) = self.engines.daily(&input).await;
        let record = DailyRecord {
            local_date: date,
            content_hash: content_hash(&reading.lines, &reading.dos, &reading.donts),
            lines: reading.lines,
            dos: reading.dos,
            donts: reading.donts,
            reasons: reading.reasons,
            words: reading.words,
            engine: engine.as_str().to_owned(),
            day_pillar: pillar_name(day.day_pillar.as_ref()),
            // PostgreSQL keeps microseconds: round here so the stored row compares equal.
            generated_at: self.clock.now().trunc_subsecs(6),
        };
        let mut conn = self.conn().await?;
        let now = self.clock.now();
        // The day's reading is read for the first time: counted once per member and day (the
        // analytics event is in the transaction that stores the reading).
        let inserted = conn
            .transaction::<_, diesel::result::Error, _>(async |conn| {
                let inserted = db::daily::insert_if_absent(conn, user, &record).await?;
                if inserted {
                    let data = serde_json::json!({ "engine": record.engine });
                    meguri_analytics::enqueue(conn, user, Activity::DailyReadingViewed, data, now).await?;
                }
                Ok(inserted)
            })
            .await?;
        if inserted && let Some(relay) = &self.relay {
            relay.wake();
        }
        let stored = db::daily::find(&mut conn, user, date).await?.context("the reading just stored")?;
        if stored.content_hash == record.content_hash && stored.generated_at == record.generated_at {
            crate::metrics::daily_reading(engine.as_str());
            tracing::info!(name: "fortune_gen.daily.generated", user_id = %user, engine = engine.as_str());
        }
        Ok(stored)
    }

    /// The catalogue.
    ///
    /// # Errors
    /// The database failed.
    pub async fn badges(&self) -> Result<Vec<BadgeRecord>, Error> {
        let mut conn = self.conn().await?;
        Ok(db::badges::all(&mut conn).await?)
    }

    /// The caller's local date (in the offset `sent`, else the stored one, else Japan) and its
    /// items: the almanac's whose badge is active, and the personal marks when the chart is ready
    /// (see `domain::day_info` for the order).
    ///
    /// # Errors
    /// [`Error::Unavailable`] when bazi-engine (or identity, when no offset was sent) does not
    /// answer.
    #[tracing::instrument(skip_all, fields(user_id = %user))]
    pub async fn day_info(
        &self,
        user: UserId,
        sent: Option<TimezoneOffset>,
    ) -> Result<(NaiveDate, Vec<DayItem>), Error> {
        let date = self.local_offset(user, sent).await?.local_date(self.clock.now());
        let badges: HashMap<String, BadgeRecord> =
            self.badges().await?.into_iter().map(|b| (b.id.clone(), b)).collect();
        let active = |id: &str| badges.get(id).filter(|b| b.is_active);
        let day = self.almanac_day(date).await?;
        let almanac: Vec<DayItem> = day
            .items
            .iter()
            .filter_map(|i| {
                active(&i.id).map(|b| DayItem {
                    id: i.id.clone(),
                    name: i.name.clone(),
                    description: i.description.clone(),
                    kind: b.kind.clone(),
                })
            })
            .collect();
        let personal = match self.ready_chart(user).await {
            Ok(chart) => {
                let natal = facts::natal_pillars(&chart).map_err(anyhow::Error::new)?;
                let answer = self.peers.transits(natal, vec![day.day_pillar.clone().unwrap_or_default()]).await?;
                let transit = facts::transits(&answer, 1).map_err(anyhow::Error::new)?;
                transit
                    .first()
                    .map(personal_marks)
                    .unwrap_or_default()
                    .into_iter()
                    .filter_map(|id| {
                        active(id).map(|b| DayItem {
                            id: b.id.clone(),
                            name: b.name.clone(),
                            description: b.description.clone(),
                            kind: b.kind.clone(),
                        })
                    })
                    .collect()
            }
            Err(Error::ChartNotReady | Error::ProfileIncomplete) => Vec::new(),
            Err(other) => return Err(other),
        };
        Ok((date, order_day_items(almanac, personal)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn past(date: &str, line: &str, word: &str) -> PastReading {
        PastReading {
            local_date: NaiveDate::parse_from_str(date, "%Y-%m-%d").expect("date"),
            lines: vec![line.to_owned()],
            words: vec![word.to_owned()],
        }
    }

    #[test]
    fn lines_cover_thirty_days_and_words_fourteen() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 30).expect("date");
        let h = history(
            &[past("2026-11-01", "古い一行", "古い言葉"), past("2026-11-20", "新しい一行", "新しい言葉")],
            today,
        );
        assert!(h.recent_lines.contains("古い一行") && h.recent_lines.contains("新しい一行"));
        assert!(h.recent_words.contains("新しい言葉"));
        assert!(!h.recent_words.contains("古い言葉"));
    }
}
