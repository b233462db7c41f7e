//! `spawn_app()` (the gateway of `gateway::testkit`) and a BaziEngine test double.
//!
//! The double exists only to test the GATEWAY: what it sends (mapping, defaults, metadata), how it
//! maps what comes back, and that every call carries a valid internal token. Tests against the real
//! engine live with the engine.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use gateway::config::Config;
pub use gateway::testkit::{ORIGIN, json};
use gateway::testkit::{TestGateway, test_config as gateway_config};
use meguri_auth::{Claims, TokenVerifier};
use meguri_proto::bazi_engine as pb;
use meguri_proto::bazi_engine::bazi_engine_server::{BaziEngine, BaziEngineServer};
use meguri_testkit::RedisKeys;
pub use meguri_testkit::redis_url;
use secrecy::SecretString;
use tokio::net::TcpListener;
use tonic::transport::Server;
use tonic::transport::server::TcpIncoming;
use tonic::{Request, Response, Status};

pub const SECRET: &str = "gateway-test-secret-that-is-long-enough-0001";

// ---------------------------------------------------------------------------------------------
// The engine double
// ---------------------------------------------------------------------------------------------

/// One call as the double saw it.
#[derive(Clone, Debug)]
pub struct RecordedCall {
    pub rpc: &'static str,
    pub claims: Claims,
    pub traceparent: Option<String>,
    pub request_id: Option<String>,
    pub grpc_timeout: Option<String>,
    pub birth: Option<pb::BirthInput>,
    pub query: Option<String>,
}

/// What the double saw and how it should answer.
pub struct EngineState {
    verifier: TokenVerifier,
    pub calls: Mutex<Vec<RecordedCall>>,
    /// Calls that came without a valid internal token (answered `Unauthenticated`).
    pub rejected: AtomicUsize,
    /// When set, every RPC fails with this status.
    pub fail_with: Mutex<Option<Status>>,
    /// When set, every RPC waits this long first.
    pub delay: Mutex<Option<Duration>>,
}

impl EngineState {
    fn new() -> Self {
        Self {
            verifier: TokenVerifier::new(&SecretString::from(SECRET)).expect("verifier"),
            calls: Mutex::new(Vec::new()),
            rejected: AtomicUsize::new(0),
            fail_with: Mutex::new(None),
            delay: Mutex::new(None),
        }
    }

    pub fn calls(&self) -> Vec<RecordedCall> {
        self.calls.lock().expect("lock").clone()
    }

    pub fn last_call(&self) -> RecordedCall {
        self.calls().pop().expect("the engine was called")
    }

    pub fn fail_next_calls_with(&self, status: Status) {
        *self.fail_with.lock().expect("lock") = Some(status);
    }

    pub fn delay_calls_by(&self, delay: Duration) {
        *self.delay.lock().expect("lock") = Some(delay);
    }

    /// Every call so far carried a valid internal token.
    pub fn assert_every_call_was_authenticated(&self) {
        assert_eq!(self.rejected.load(Ordering::SeqCst), 0, "a call came without a valid internal JWT");
    }

    /// Verifies the token and records the call; the error is what the RPC must answer.
    async fn admit<T>(
        &self,
        rpc: &'static str,
        request: &Request<T>,
        record: impl FnOnce(&mut RecordedCall),
    ) -> Result<(), Status> {
        let metadata = request.metadata();
        let claims = metadata
            .get("authorization")
            .ok_or(meguri_auth::AuthError::MissingToken)
            .and_then(|v| self.verifier.verify_bearer(v.as_bytes()));
        let claims = match claims {
            Ok(claims) => claims,
            Err(_) => {
                self.rejected.fetch_add(1, Ordering::SeqCst);
                return Err(Status::unauthenticated("no valid internal token"));
            }
        };
        let text = |k: &str| metadata.get(k).and_then(|v| v.to_str().ok()).map(str::to_owned);
        let mut call = RecordedCall {
            rpc,
            claims,
            traceparent: text("traceparent"),
            request_id: text("x-request-id"),
            grpc_timeout: text("grpc-timeout"),
            birth: None,
            query: None,
        };
        record(&mut call);
        self.calls.lock().expect("lock").push(call);
        let delay = *self.delay.lock().expect("lock");
        if let Some(delay) = delay {
            tokio::time::sleep(delay).await;
        }
        let failure = self.fail_with.lock().expect("lock").clone();
        failure.map_or(Ok(()), Err)
    }
}

/// A status as a service sends it: a code, internal text, and the stable code in metadata.
pub fn coded_status(code: tonic::Code, meguri_code: &str) -> Status {
    let mut status = Status::new(code, "internal detail: do not show");
    status.metadata_mut().insert("x-meguri-code", meguri_code.parse().expect("ascii"));
    status
}

fn pillar(stem: &str, branch: &str) -> Option<pb::Pillar> {
    Some(pb::Pillar { heavenly_stem: stem.to_owned(), earthly_branch: branch.to_owned() })
}

/// A plausible chart (for 1990-05-15 14:30 Tokyo); the numbers mean nothing to the gateway.
pub fn sample_chart(time_known: bool) -> pb::Chart {
    let detail = |position: &str, stem: &str, branch: &str, ten_god: &str| pb::PillarDetail {
        position: position.to_owned(),
        pillar: pillar(stem, branch),
        stem_ten_god: ten_god.to_owned(),
        hidden_stems: vec![pb::HiddenStem {
            stem: "丁".to_owned(),
            ten_god: "劫財".to_owned(),
            role: "本気".to_owned(),
        }],
        nayin: "路傍土".to_owned(),
        life_stage: "帝旺".to_owned(),
        depends_on_hour: position == "hour",
    };
    pb::Chart {
        year: pillar("庚", "午"),
        month: pillar("辛", "巳"),
        day: pillar("丙", "寅"),
        hour: pillar("乙", "未"),
        elements: Some(pb::Elements {
            wood: 2.0,
            fire: 3.0,
            earth: 1.0,
            metal: 2.0,
            water: 0.0,
            dominant: "fire".to_owned(),
        }),
        day_master: "丙".to_owned(),
        details: vec![
            detail("year", "庚", "午", "偏財"),
            detail("month", "辛", "巳", "正財"),
            detail("day", "丙", "寅", ""),
            detail("hour", "乙", "未", "印綬"),
        ],
        kong_wang: vec!["戌".to_owned(), "亥".to_owned()],
        strength: Some(pb::Strength {
            score: 55.0,
            verdict: "中和".to_owned(),
            reasons: vec!["月令を得る".to_owned()],
            favorable_elements: vec!["earth".to_owned(), "metal".to_owned()],
            unfavorable_elements: vec!["wood".to_owned()],
        }),
        luck: None,
        time: Some(pb::TimeCorrection {
            civil_local_time: if time_known { "1990-05-15T14:30:00" } else { "1990-05-15T12:00:00" }.to_owned(),
            time_zone: "Asia/Tokyo".to_owned(),
            utc_offset_seconds: 32_400,
            summer_time: false,
            utc: "1990-05-15T05:30:00Z".to_owned(),
            mode: "apparent".to_owned(),
            longitude: 139.6503,
            latitude: 35.6762,
            longitude_correction_seconds: 1191.6,
            equation_of_time_seconds: 220.0,
            total_correction_seconds: 1411.6,
            corrected_local_time: "1990-05-15T14:53:31".to_owned(),
            place_label: "東京, 日本".to_owned(),
            place_approximate: false,
            zi: "split".to_owned(),
            clock_change: String::new(),
            dst_choice: String::new(),
            wall_clock: if time_known { "1990-05-15T14:30:00" } else { "1990-05-15T12:00:00" }.to_owned(),
        }),
        time_known,
        hour_dependent: if time_known { vec![] } else { vec!["hour".to_owned()] },
        previous_jie: None,
        next_jie: None,
        hidden_elements: None,
        notes: vec![],
    }
}

/// The tonic service of the double.
#[derive(Clone)]
pub struct EngineDouble(pub Arc<EngineState>);

#[tonic::async_trait]
impl BaziEngine for EngineDouble {
    async fn calculate_chart(
        &self,
        request: Request<pb::CalculateChartRequest>,
    ) -> Result<Response<pb::CalculateChartResponse>, Status> {
        let birth = request.get_ref().birth.clone();
        self.0.admit("CalculateChart", &request, |c| c.birth = birth.clone()).await?;
        let time_known = birth.and_then(|b| b.birth_time).is_some();
        Ok(Response::new(pb::CalculateChartResponse { chart: Some(sample_chart(time_known)) }))
    }

    async fn compatibility(
        &self,
        _: Request<pb::CompatibilityRequest>,
    ) -> Result<Response<pb::CompatibilityResponse>, Status> {
        Err(Status::unimplemented("not used by the gateway yet"))
    }

    async fn read_transits(
        &self,
        _: Request<pb::ReadTransitsRequest>,
    ) -> Result<Response<pb::ReadTransitsResponse>, Status> {
        Err(Status::unimplemented("not used by the gateway"))
    }

    async fn get_almanac(
        &self,
        request: Request<pb::GetAlmanacRequest>,
    ) -> Result<Response<pb::GetAlmanacResponse>, Status> {
        let range = format!("{}..{}", request.get_ref().from, request.get_ref().to);
        self.0.admit("GetAlmanac", &request, |c| c.query = Some(range)).await?;
        let date = request.get_ref().from.clone();
        Ok(Response::new(pb::GetAlmanacResponse {
            days: vec![pb::AlmanacDay {
                date,
                weekday: "水".to_owned(),
                lunar_year: 2025,
                lunar_month: 1,
                lunar_leap: false,
                lunar_day: 2,
                lunar_label: "旧1月2日".to_owned(),
                rokuyo: "大安".to_owned(),
                day_pillar: pillar("甲", "子"),
                sekki_month: 1,
                month_pillar: pillar("戊", "寅"),
                year_pillar: pillar("乙", "巳"),
                items: vec![pb::AlmanacItem {
                    id: "taian".to_owned(),
                    name: "大安".to_owned(),
                    description: "万事に吉".to_owned(),
                    kind: "rokuyo".to_owned(),
                    source: "六曜".to_owned(),
                }],
            }],
        }))
    }

    async fn search_places(
        &self,
        request: Request<pb::SearchPlacesRequest>,
    ) -> Result<Response<pb::SearchPlacesResponse>, Status> {
        let query = request.get_ref().query.clone();
        self.0.admit("SearchPlaces", &request, |c| c.query = Some(query.clone())).await?;
        // More than the gateway may pass on, so the cap is tested.
        let suggestions = (1..=8)
            .map(|i| pb::PlaceSuggestion {
                label: format!("{query}{i}, 日本"),
                longitude: 135.5,
                latitude: 34.7,
                time_zone: "Asia/Tokyo".to_owned(),
                approximate: false,
            })
            .collect();
        Ok(Response::new(pb::SearchPlacesResponse { suggestions }))
    }

    async fn resolve_place(
        &self,
        request: Request<pb::ResolvePlaceRequest>,
    ) -> Result<Response<pb::ResolvePlaceResponse>, Status> {
        let location = request.get_ref().location.clone();
        self.0.admit("ResolvePlace", &request, |c| c.query = Some(location.clone())).await?;
        if location != "大阪, 日本" {
            return Err(coded_status(tonic::Code::NotFound, "PLACE_NOT_FOUND"));
        }
        Ok(Response::new(pb::ResolvePlaceResponse {
            place: Some(pb::PlaceSuggestion {
                label: location,
                longitude: 135.5023,
                latitude: 34.6937,
                time_zone: "Asia/Tokyo".to_owned(),
                approximate: false,
            }),
        }))
    }
}

/// A running double.
pub struct TestEngine {
    pub state: Arc<EngineState>,
    pub port: u16,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for TestEngine {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Serves the double (with gRPC health reporting SERVING) on `listener`.
pub async fn serve_engine(listener: TcpListener) -> TestEngine {
    let port = listener.local_addr().expect("addr").port();
    let state = Arc::new(EngineState::new());
    let (reporter, health) = tonic_health::server::health_reporter();
    reporter.set_serving::<BaziEngineServer<EngineDouble>>().await;
    let service = BaziEngineServer::new(EngineDouble(Arc::clone(&state)));
    let task = tokio::spawn(async move {
        let _reporter = reporter;
        let _ = Server::builder()
            .add_service(health)
            .add_service(service)
            .serve_with_incoming(TcpIncoming::from(listener))
            .await;
    });
    TestEngine { state, port, task }
}

pub async fn spawn_engine() -> TestEngine {
    serve_engine(TcpListener::bind("127.0.0.1:0").await.expect("bind")).await
}

/// A port with nothing listening on it (bound, then released).
pub async fn free_port() -> u16 {
    meguri_testkit::free_port()
}

// ---------------------------------------------------------------------------------------------
// The gateway under test
// ---------------------------------------------------------------------------------------------

/// The gateway (`gateway::testkit`) and, when the test has one, the engine double it calls.
pub struct TestApp {
    pub gateway: TestGateway,
    pub engine: Option<TestEngine>,
    /// The gateway's Redis keys, deleted when the test ends.
    _keys: RedisKeys,
}

impl std::ops::Deref for TestApp {
    type Target = TestGateway;

    fn deref(&self) -> &TestGateway {
        &self.gateway
    }
}

/// The configuration of a test: `gateway::testkit::test_config` with this binary's secret and the
/// engine at `engine_port`, under `key_prefix`.
pub fn test_config(engine_port: u16, key_prefix: &str) -> Config {
    let mut config = gateway_config(SECRET, key_prefix);
    config.bazi_engine_addr = format!("http://127.0.0.1:{engine_port}");
    config
}

/// The gateway with a running engine double.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// The gateway with a running engine double and `customise` applied to the config.
pub async fn spawn_app_with(customise: impl FnOnce(&mut Config)) -> TestApp {
    let engine = spawn_engine().await;
    let port = engine.port;
    spawn_gateway(Some(engine), port, customise).await
}

/// The gateway pointed at `engine_port` (a double or a proxy the test runs), `customise` applied.
pub async fn spawn_gateway_for_engine(engine_port: u16, customise: impl FnOnce(&mut Config)) -> TestApp {
    spawn_gateway(None, engine_port, customise).await
}

/// The gateway pointed at `engine_port`, where nothing runs (yet).
pub async fn spawn_app_without_engine(engine_port: u16) -> TestApp {
    spawn_gateway(None, engine_port, |_| {}).await
}

async fn spawn_gateway(engine: Option<TestEngine>, engine_port: u16, customise: impl FnOnce(&mut Config)) -> TestApp {
    let keys = RedisKeys::new();
    let mut config = test_config(engine_port, keys.prefix());
    customise(&mut config);
    TestApp { gateway: gateway::testkit::spawn(config).await, engine, _keys: keys }
}

impl TestApp {
    pub fn engine(&self) -> &EngineState {
        &self.engine.as_ref().expect("an engine double").state
    }

    pub async fn post_calculate(&self, body: &serde_json::Value) -> reqwest::Response {
        self.client.post(self.url("/api/public/calculate-bazi")).json(body).send().await.expect("request")
    }
}
