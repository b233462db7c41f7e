//! Temporary: a BaziEngine stub behind meguri-server for a gateway load test.
use meguri_proto::bazi_engine as pb;
use meguri_proto::bazi_engine::bazi_engine_server::{BaziEngine, BaziEngineServer};
use tonic::{Request, Response, Status};

struct Stub;
fn p(s: &str, b: &str) -> Option<pb::Pillar> { Some(pb::Pillar { heavenly_stem: s.into(), earthly_branch: b.into() }) }

#[tonic::async_trait]
impl BaziEngine for Stub {
    async fn calculate_chart(&self, _: Request<pb::CalculateChartRequest>) -> Result<Response<pb::CalculateChartResponse>, Status> {
        Ok(Response::new(pb::CalculateChartResponse { chart: Some(pb::Chart {
            year: p("庚","午"), month: p("辛","巳"), day: p("丙","寅"), hour: p("乙","未"),
            elements: Some(pb::Elements { wood: 2.0, fire: 3.0, earth: 1.0, metal: 2.0, water: 0.0, dominant: "fire".into() }),
            day_master: "丙".into(), ..Default::default() }) }))
    }
    async fn compatibility(&self, _: Request<pb::CompatibilityRequest>) -> Result<Response<pb::CompatibilityResponse>, Status> { Err(Status::unimplemented("")) }
    async fn get_almanac(&self, _: Request<pb::GetAlmanacRequest>) -> Result<Response<pb::GetAlmanacResponse>, Status> { Err(Status::unimplemented("")) }
    async fn search_places(&self, _: Request<pb::SearchPlacesRequest>) -> Result<Response<pb::SearchPlacesResponse>, Status> { Err(Status::unimplemented("")) }
    async fn resolve_place(&self, _: Request<pb::ResolvePlaceRequest>) -> Result<Response<pb::ResolvePlaceResponse>, Status> { Err(Status::unimplemented("")) }
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> anyhow::Result<()> {
    let (server, telemetry) = meguri_server::from_env(50052, 9092)?;
    let _t = meguri_telemetry::init("bench-engine", &telemetry)?;
    let app = meguri_server::Application::builder(server).add_service(BaziEngineServer::new(Stub)).build().await?;
    app.run_until_stopped().await
}
