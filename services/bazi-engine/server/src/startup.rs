//! Builds the service; `main` and the tests share it.

use crate::grpc::Engine;
use meguri_proto::bazi_engine::bazi_engine_server::BaziEngineServer;
use meguri_server::{Application, ServerConfig};

/// Binds the ports and registers the engine. Warming the astronomy caches starts in the
/// background so the first requests of a year do not pay for it.
pub async fn build(config: ServerConfig) -> anyhow::Result<Application> {
    std::thread::Builder::new().name("warm-caches".into()).spawn(warm_caches)?;
    Application::builder(config)
        .add_service(BaziEngineServer::new(Engine))
        .readiness(|| async {
            // Ready once the gazetteer is loaded (it is embedded; this only decompresses it).
            bazi_engine::places::all();
            Ok(())
        })
        .build()
        .await
}

/// Loads the gazetteer and computes the solar terms of every supported year (about 3 s of CPU
/// on one core in release). Charts work before it finishes: they compute what they need.
fn warm_caches() {
    let started = std::time::Instant::now();
    bazi_engine::places::all();
    for year in bazi_engine::astro::FIRST_YEAR..=bazi_engine::astro::LAST_YEAR {
        let _ = bazi_engine::astro::terms_of_year(year);
    }
    tracing::info!(name: "bazi_engine.caches.warm", elapsed_ms = started.elapsed().as_millis() as u64);
}
