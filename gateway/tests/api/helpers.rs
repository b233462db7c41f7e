//! `spawn_app()` (the gateway of `gateway::testkit`) and the fake bazi-engine of meguri-testkit.
//!
//! The fake serves only to test the GATEWAY: what it sends (mapping, defaults, metadata, the
//! internal token, all recorded by the fake), and how it maps what comes back. Tests against the
//! real engine live with the engine.

use gateway::config::Config;
pub use gateway::testkit::{ORIGIN, json};
use gateway::testkit::{TestGateway, test_config as gateway_config};
use meguri_proto::bazi_engine as pb;
use meguri_testkit::RedisKeys;
use meguri_testkit::fake::{EngineState, FakeEngine};
pub use meguri_testkit::redis_url;
use tokio::net::TcpListener;
use tonic::Status;

pub const SECRET: &str = "gateway-test-secret-that-is-long-enough-0001";

// ---------------------------------------------------------------------------------------------
// The engine: meguri-testkit's fake, answering the sample chart
// ---------------------------------------------------------------------------------------------

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

/// Serves the fake engine on `listener`, with this binary's secret, answering [`sample_chart`]
/// (the hour known when the birth has a time).
pub async fn serve_engine(listener: TcpListener) -> FakeEngine {
    let engine = FakeEngine::start_on(listener, SECRET).await;
    engine.state.answer_charts_with(|birth| sample_chart(birth.birth_time.is_some()));
    engine
}

/// [`serve_engine`] on a free port.
pub async fn spawn_engine() -> FakeEngine {
    serve_engine(TcpListener::bind("127.0.0.1:0").await.expect("bind")).await
}

/// A port with nothing listening on it (bound, then released).
pub async fn free_port() -> u16 {
    meguri_testkit::free_port()
}

// ---------------------------------------------------------------------------------------------
// The gateway under test
// ---------------------------------------------------------------------------------------------

/// The gateway (`gateway::testkit`) and, when the test has one, the fake engine it calls.
pub struct TestApp {
    pub gateway: TestGateway,
    pub engine: Option<FakeEngine>,
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

/// The gateway with a running fake engine.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// The gateway with a running fake engine and `customise` applied to the config.
pub async fn spawn_app_with(customise: impl FnOnce(&mut Config)) -> TestApp {
    let engine = spawn_engine().await;
    let port = engine.port();
    spawn_gateway(Some(engine), port, customise).await
}

/// The gateway pointed at `engine_port` (a fake or a proxy the test runs), `customise` applied.
pub async fn spawn_gateway_for_engine(engine_port: u16, customise: impl FnOnce(&mut Config)) -> TestApp {
    spawn_gateway(None, engine_port, customise).await
}

/// The gateway pointed at `engine_port`, where nothing runs (yet).
pub async fn spawn_app_without_engine(engine_port: u16) -> TestApp {
    spawn_gateway(None, engine_port, |_| {}).await
}

async fn spawn_gateway(engine: Option<FakeEngine>, engine_port: u16, customise: impl FnOnce(&mut Config)) -> TestApp {
    let keys = RedisKeys::new();
    let mut config = test_config(engine_port, keys.prefix());
    customise(&mut config);
    TestApp { gateway: gateway::testkit::spawn(config).await, engine, _keys: keys }
}

impl TestApp {
    pub fn engine(&self) -> &EngineState {
        &self.engine.as_ref().expect("a fake engine").state
    }

    pub async fn post_calculate(&self, body: &serde_json::Value) -> reqwest::Response {
        self.client.post(self.url("/api/public/calculate-bazi")).json(body).send().await.expect("request")
    }
}
