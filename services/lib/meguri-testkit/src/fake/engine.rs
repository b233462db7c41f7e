//! A fake bazi-engine: charts, compatibility, the almanac and places from rules and tables the
//! test sets, every call recorded with what it carried.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{Datelike as _, NaiveDate};
use meguri_auth::{Claims, TokenVerifier};
use meguri_proto::bazi_engine as pb;
use pb::bazi_engine_server::BaziEngineServer;
use secrecy::SecretString;
use tokio::net::TcpListener;
use tonic::transport::Server;
use tonic::{Code, Request, Response, Status};

use super::{fake_service, lock};

/// One call as the fake saw it (only calls with a valid internal token are recorded).
#[derive(Clone, Debug)]
pub struct EngineCall {
    /// The RPC's proto name: `CalculateChart`, `Compatibility`, `GetAlmanac`, `SearchPlaces`,
    /// `ResolvePlace`.
    pub rpc: &'static str,
    pub claims: Claims,
    pub traceparent: Option<String>,
    pub request_id: Option<String>,
    pub grpc_timeout: Option<String>,
    /// CalculateChart's birth; Compatibility's `a`.
    pub birth: Option<pb::BirthInput>,
    /// Compatibility's `b`.
    pub partner: Option<pb::BirthInput>,
    /// GetAlmanac's range as `from..to`, SearchPlaces' query, ResolvePlace's location.
    pub query: Option<String>,
}

/// How the fake turns a birth into a chart.
type ChartRule = Arc<dyn Fn(&pb::BirthInput) -> pb::Chart + Send + Sync>;

/// What the fake saw and how it answers; shared with the test.
///
/// Every call needs an internal token signed with the fake's secret (one without is answered
/// UNAUTHENTICATED and counted, see [`assert_every_call_was_authenticated`](Self::assert_every_call_was_authenticated)).
/// An authenticated call is recorded first ([`calls`](Self::calls)), then waits
/// [`delay_by`](Self::delay_by), then answers UNAVAILABLE while [`set_down`](Self::set_down),
/// the status of [`fail_with`](Self::fail_with) when set, and otherwise:
///
/// - CalculateChart: the chart of [`answer_charts_with`](Self::answer_charts_with), by default
///   [`derived_chart`]; a birth date that is not `YYYY-MM-DD` from 1900 on is INVALID_ARGUMENT,
///   as the engine's.
/// - Compatibility: both births checked the same way; score 72 over two factors (the day masters
///   88, naming `b`'s birth date; the branches 41.6), with both charts.
/// - GetAlmanac: every day of `from..=to` (`to` empty: `from` alone), with the items
///   [`set_almanac`](Self::set_almanac) gave that date, else 仏滅 only; the weekday is the date's,
///   the rokuyo the day's rokuyo item; lunar date and pillars are fixed (旧1月2日, 甲子 戊寅 乙巳).
/// - SearchPlaces: eight suggestions `"{query}1, 日本"`…`"{query}8, 日本"` (more than a caller may
///   pass on).
/// - ResolvePlace: `大阪, 日本` (135.5023, 34.6937); anything else NOT_FOUND `PLACE_NOT_FOUND`.
///
/// ReadTransits is UNIMPLEMENTED.
pub struct EngineState {
    verifier: TokenVerifier,
    calls: Mutex<Vec<EngineCall>>,
    rejected: AtomicUsize,
    down: AtomicBool,
    failure: Mutex<Option<Status>>,
    delay: Mutex<Option<Duration>>,
    almanac: Mutex<BTreeMap<String, Vec<String>>>,
    charts: Mutex<ChartRule>,
}

impl EngineState {
    fn new(verifier: TokenVerifier) -> Self {
        Self {
            verifier,
            calls: Mutex::default(),
            rejected: AtomicUsize::default(),
            down: AtomicBool::default(),
            failure: Mutex::default(),
            delay: Mutex::default(),
            almanac: Mutex::default(),
            charts: Mutex::new(Arc::new(derived_chart)),
        }
    }

    /// While down, every RPC answers UNAVAILABLE (after it was recorded).
    pub fn set_down(&self, down: bool) {
        self.down.store(down, Ordering::SeqCst);
    }

    /// From now on every RPC answers `status` (after it was recorded).
    pub fn fail_with(&self, status: Status) {
        *lock(&self.failure) = Some(status);
    }

    /// From now on every RPC waits `delay` before it answers.
    pub fn delay_by(&self, delay: Duration) {
        *lock(&self.delay) = Some(delay);
    }

    /// The almanac items (ids such as `taian`, `tensha`, `ichiryu_manbai`, `tora`) of `date`
    /// (`YYYY-MM-DD`).
    pub fn set_almanac(&self, date: &str, ids: &[&str]) {
        lock(&self.almanac).insert(date.to_owned(), ids.iter().map(|&id| id.to_owned()).collect());
    }

    /// CalculateChart and Compatibility answer `rule`'s chart of a birth (once its date passed the
    /// engine's checks).
    pub fn answer_charts_with(&self, rule: impl Fn(&pb::BirthInput) -> pb::Chart + Send + Sync + 'static) {
        *lock(&self.charts) = Arc::new(rule);
    }

    /// Every authenticated call so far, in order.
    pub fn calls(&self) -> Vec<EngineCall> {
        lock(&self.calls).clone()
    }

    /// The calls of `rpc` so far (`"CalculateChart"`…), in order.
    pub fn calls_to(&self, rpc: &str) -> Vec<EngineCall> {
        lock(&self.calls).iter().filter(|c| c.rpc == rpc).cloned().collect()
    }

    /// How many calls of `rpc` came so far (answered or not).
    pub fn count(&self, rpc: &str) -> usize {
        lock(&self.calls).iter().filter(|c| c.rpc == rpc).count()
    }

    /// The last call.
    ///
    /// # Panics
    /// When nothing called the fake yet.
    #[allow(clippy::expect_used)]
    pub fn last_call(&self) -> EngineCall {
        self.calls().pop().expect("the engine was called")
    }

    /// Checks that every call so far carried a valid internal token.
    ///
    /// # Panics
    /// When one did not.
    pub fn assert_every_call_was_authenticated(&self) {
        assert_eq!(self.rejected.load(Ordering::SeqCst), 0, "a call came without a valid internal token");
    }

    /// Verifies the token and records the call; the error is what the RPC must answer.
    async fn admit<T>(
        &self,
        rpc: &'static str,
        request: &Request<T>,
        fill: impl FnOnce(&mut EngineCall),
    ) -> Result<(), Status> {
        let metadata = request.metadata();
        let claims = metadata
            .get("authorization")
            .ok_or(meguri_auth::AuthError::MissingToken)
            .and_then(|v| self.verifier.verify_bearer(v.as_bytes()));
        let Ok(claims) = claims else {
            self.rejected.fetch_add(1, Ordering::SeqCst);
            return Err(Status::unauthenticated("no valid internal token"));
        };
        let text = |k: &str| metadata.get(k).and_then(|v| v.to_str().ok()).map(str::to_owned);
        let mut call = EngineCall {
            rpc,
            claims,
            traceparent: text("traceparent"),
            request_id: text("x-request-id"),
            grpc_timeout: text("grpc-timeout"),
            birth: None,
            partner: None,
            query: None,
        };
        fill(&mut call);
        lock(&self.calls).push(call);
        let delay = *lock(&self.delay);
        if let Some(delay) = delay {
            tokio::time::sleep(delay).await;
        }
        if self.down.load(Ordering::SeqCst) {
            return Err(Status::unavailable("bazi-engine is down (test)"));
        }
        let failure = lock(&self.failure).clone();
        failure.map_or(Ok(()), Err)
    }

    /// The chart of `birth`, refusing what the engine refuses.
    fn chart(&self, birth: Option<&pb::BirthInput>) -> Result<pb::Chart, Status> {
        let birth = birth.ok_or_else(|| Status::invalid_argument("a birth is required"))?;
        let date = day(&birth.birth_date)?;
        if date.year() < 1900 {
            return Err(Status::invalid_argument("birth date out of range"));
        }
        let rule = Arc::clone(&lock(&self.charts));
        Ok(rule(birth))
    }
}

/// The default chart of a birth: one born in 1990 is a fiery 丙 day master who needs water and
/// metal, anyone else a watery 壬 who needs fire and wood.
#[must_use]
pub fn derived_chart(birth: &pb::BirthInput) -> pb::Chart {
    let (day_master, elements, favorable) = if birth.birth_date.starts_with("1990") {
        (
            "丙",
            pb::Elements { wood: 1.0, fire: 4.0, earth: 1.0, metal: 1.0, water: 3.0, dominant: "fire".into() },
            ["water", "metal"],
        )
    } else {
        (
            "壬",
            pb::Elements { wood: 3.0, fire: 0.0, earth: 2.0, metal: 2.0, water: 3.0, dominant: "water".into() },
            ["fire", "wood"],
        )
    };
    pb::Chart {
        day_master: day_master.to_owned(),
        elements: Some(elements),
        strength: Some(pb::Strength {
            favorable_elements: favorable.map(str::to_owned).to_vec(),
            ..Default::default()
        }),
        ..Default::default()
    }
}

fn day(raw: &str) -> Result<NaiveDate, Status> {
    NaiveDate::parse_from_str(raw, "%Y-%m-%d").map_err(|_| Status::invalid_argument("not a YYYY-MM-DD date"))
}

/// The Japanese name of an almanac item id the fake knows (the id itself otherwise), and whether
/// it is a rokuyo.
fn almanac_item(id: &str) -> (&str, bool) {
    match id {
        "taian" => ("大安", true),
        "butsumetsu" => ("仏滅", true),
        "sensho" => ("先勝", true),
        "tomobiki" => ("友引", true),
        "senbu" => ("先負", true),
        "shakko" => ("赤口", true),
        "tensha" => ("天赦日", false),
        "ichiryu_manbai" => ("一粒万倍日", false),
        "tora" => ("寅の日", false),
        other => (other, false),
    }
}

fn pillar(stem: &str, branch: &str) -> Option<pb::Pillar> {
    Some(pb::Pillar { heavenly_stem: stem.to_owned(), earthly_branch: branch.to_owned() })
}

fn almanac_day(date: NaiveDate, ids: &[String]) -> pb::AlmanacDay {
    let items: Vec<pb::AlmanacItem> = ids
        .iter()
        .map(|id| {
            let (name, rokuyo) = almanac_item(id);
            pb::AlmanacItem {
                id: id.clone(),
                name: name.to_owned(),
                description: format!("{name}の説明"),
                kind: if rokuyo { "rokuyo" } else { "rekichu" }.to_owned(),
                source: if rokuyo { "六曜" } else { "暦注" }.to_owned(),
            }
        })
        .collect();
    let rokuyo = items.iter().find(|i| i.kind == "rokuyo").map(|i| i.name.clone()).unwrap_or_default();
    let weekday = ["月", "火", "水", "木", "金", "土", "日"][date.weekday().num_days_from_monday() as usize];
    pb::AlmanacDay {
        date: date.to_string(),
        weekday: weekday.to_owned(),
        lunar_year: 2025,
        lunar_month: 1,
        lunar_leap: false,
        lunar_day: 2,
        lunar_label: "旧1月2日".to_owned(),
        rokuyo,
        day_pillar: pillar("甲", "子"),
        sekki_month: 1,
        month_pillar: pillar("戊", "寅"),
        year_pillar: pillar("乙", "巳"),
        items,
    }
}

/// A suggestion in Japan (Asia/Tokyo), not approximate.
fn place(label: String, longitude: f64, latitude: f64) -> pb::PlaceSuggestion {
    pb::PlaceSuggestion { label, longitude, latitude, time_zone: "Asia/Tokyo".to_owned(), approximate: false }
}

/// The tonic service of the fake.
#[derive(Clone)]
struct Fake(Arc<EngineState>);

fake_service! {
impl pb::bazi_engine_server::BaziEngine, Fake, {
    unimplemented {
        read_transits(pb::ReadTransitsRequest) -> pb::ReadTransitsResponse;
    }

    async fn calculate_chart(
        &self,
        request: Request<pb::CalculateChartRequest>,
    ) -> Result<Response<pb::CalculateChartResponse>, Status> {
        let birth = request.get_ref().birth.clone();
        self.0.admit("CalculateChart", &request, |c| c.birth.clone_from(&birth)).await?;
        Ok(Response::new(pb::CalculateChartResponse { chart: Some(self.0.chart(birth.as_ref())?) }))
    }

    async fn compatibility(
        &self,
        request: Request<pb::CompatibilityRequest>,
    ) -> Result<Response<pb::CompatibilityResponse>, Status> {
        let r = request.get_ref().clone();
        self.0
            .admit("Compatibility", &request, |c| {
                c.birth.clone_from(&r.a);
                c.partner.clone_from(&r.b);
            })
            .await?;
        let (a, b) = (self.0.chart(r.a.as_ref())?, self.0.chart(r.b.as_ref())?);
        let partner_date = r.b.map(|b| b.birth_date).unwrap_or_default();
        let factor = |key: &str, label: &str, score: f64, detail: String| pb::CompatibilityFactor {
            key: key.to_owned(),
            label: label.to_owned(),
            weight: 0.5,
            score,
            detail,
        };
        Ok(Response::new(pb::CompatibilityResponse {
            score: 72,
            summary: "おだやかで安定した相性です".to_owned(),
            factors: vec![
                factor("dayMaster", "日主の関係", 88.0, format!("相手の誕生日 {partner_date}")),
                factor("branches", "地支の関係", 41.6, "ぶつかることも".to_owned()),
            ],
            a: Some(a),
            b: Some(b),
        }))
    }

    async fn get_almanac(
        &self,
        request: Request<pb::GetAlmanacRequest>,
    ) -> Result<Response<pb::GetAlmanacResponse>, Status> {
        let r = request.get_ref().clone();
        self.0.admit("GetAlmanac", &request, |c| c.query = Some(format!("{}..{}", r.from, r.to))).await?;
        let from = day(&r.from)?;
        let to = if r.to.trim().is_empty() { from } else { day(&r.to)? };
        if to < from {
            return Err(Status::invalid_argument("the range ends before it starts"));
        }
        let almanac = lock(&self.0.almanac);
        let butsumetsu = ["butsumetsu".to_owned()];
        let days = from
            .iter_days()
            .take_while(|d| *d <= to)
            .map(|d| almanac_day(d, almanac.get(&d.to_string()).map_or(&butsumetsu[..], Vec::as_slice)))
            .collect();
        Ok(Response::new(pb::GetAlmanacResponse { days }))
    }

    async fn search_places(
        &self,
        request: Request<pb::SearchPlacesRequest>,
    ) -> Result<Response<pb::SearchPlacesResponse>, Status> {
        let query = request.get_ref().query.clone();
        self.0.admit("SearchPlaces", &request, |c| c.query = Some(query.clone())).await?;
        let suggestions = (1..=8).map(|i| place(format!("{query}{i}, 日本"), 135.5, 34.7)).collect();
        Ok(Response::new(pb::SearchPlacesResponse { suggestions }))
    }

    async fn resolve_place(
        &self,
        request: Request<pb::ResolvePlaceRequest>,
    ) -> Result<Response<pb::ResolvePlaceResponse>, Status> {
        let location = request.get_ref().location.trim().to_owned();
        self.0.admit("ResolvePlace", &request, |c| c.query = Some(location.clone())).await?;
        if location != "大阪, 日本" {
            return Err(meguri_status::status(Code::NotFound, "PLACE_NOT_FOUND", "place not found"));
        }
        Ok(Response::new(pb::ResolvePlaceResponse { place: Some(place(location, 135.5023, 34.6937)) }))
    }
}
}

/// A running fake bazi-engine (with gRPC health reporting SERVING): serves until the test's
/// runtime ends.
pub struct FakeEngine {
    pub state: Arc<EngineState>,
    port: u16,
}

impl FakeEngine {
    /// Serves the fake on a free loopback port, answering only calls with an internal token
    /// signed with `secret` (as the engine does).
    ///
    /// # Panics
    /// When `secret` is too short for a verifier or no loopback port can be bound.
    #[allow(clippy::expect_used)]
    pub async fn start(secret: &str) -> Self {
        Self::start_on(TcpListener::bind("127.0.0.1:0").await.expect("a loopback port"), secret).await
    }

    /// [`start`](Self::start) on `listener` (a port the test chose, e.g. one it freed earlier).
    ///
    /// # Panics
    /// When `secret` is too short for a verifier or the listener has no address.
    #[allow(clippy::expect_used)]
    pub async fn start_on(listener: TcpListener, secret: &str) -> Self {
        let verifier = TokenVerifier::new(&SecretString::from(secret.to_owned())).expect("a verifier");
        let state = Arc::new(EngineState::new(verifier));
        let port = listener.local_addr().expect("the bound address").port();
        let (reporter, health) = tonic_health::server::health_reporter();
        reporter.set_serving::<BaziEngineServer<Fake>>().await;
        let service = BaziEngineServer::new(Fake(Arc::clone(&state)));
        tokio::spawn(async move {
            let _reporter = reporter;
            Server::builder()
                .add_service(health)
                .add_service(service)
                .serve_with_incoming(tonic::transport::server::TcpIncoming::from(listener))
                .await
        });
        Self { state, port }
    }

    /// `http://127.0.0.1:PORT`.
    #[must_use]
    pub fn addr(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// The port it serves on.
    #[must_use]
    pub const fn port(&self) -> u16 {
        self.port
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_almanac_day_has_its_dates_weekday_and_its_rokuyo_item() {
        let date = NaiveDate::from_ymd_opt(2025, 1, 1).expect("a date");

        let day = almanac_day(date, &["tensha".to_owned(), "taian".to_owned()]);

        assert_eq!((day.date.as_str(), day.weekday.as_str(), day.rokuyo.as_str()), ("2025-01-01", "水", "大安"));
        let items: Vec<(&str, &str, &str)> =
            day.items.iter().map(|i| (i.id.as_str(), i.name.as_str(), i.kind.as_str())).collect();
        assert_eq!(items, [("tensha", "天赦日", "rekichu"), ("taian", "大安", "rokuyo")]);
        assert_eq!(day.items[0].description, "天赦日の説明");
        assert_eq!(almanac_day(date, &["tora".to_owned()]).rokuyo, "");
    }

    #[test]
    fn the_derived_chart_depends_on_the_birth_year() {
        let chart = |date: &str| derived_chart(&pb::BirthInput { birth_date: date.to_owned(), ..Default::default() });

        assert_eq!(chart("1990-05-15").day_master, "丙");
        assert_eq!(chart("1985-01-02").day_master, "壬");
    }
}
