//! The CalculateChart RPC over real gRPC on loopback (HTTP/2, internal token, auth and telemetry
//! layers included): `cargo bench -p bazi-engine-server --bench grpc`.

use criterion::{Criterion, criterion_group, criterion_main};
use meguri_auth::{Role, Subject, TokenMinter};
use meguri_proto::bazi_engine as pb;
use meguri_proto::bazi_engine::bazi_engine_client::BaziEngineClient;
use meguri_server::ServerConfig;
use secrecy::SecretString;
use std::hint::black_box;
use std::time::Duration;

const SECRET: &str = "bench-secret-that-is-long-enough-for-hs256-0123456789";

fn bench(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let secret = SecretString::from(SECRET.to_owned());
    let app = rt
        .block_on(bazi_engine_server::startup::build(ServerConfig::for_tests(secret.clone())))
        .expect("service starts");
    let port = app.grpc_port;
    rt.spawn(app.run_until_stopped());
    let minter = TokenMinter::new(&secret, Duration::from_secs(60)).expect("minter");
    let bearer = minter.bearer(&Subject::Anonymous, Role::Visitor).expect("token");
    let channel = rt
        .block_on(tonic::transport::Channel::from_shared(format!("http://127.0.0.1:{port}")).expect("uri").connect())
        .expect("connect");
    let mut client = BaziEngineClient::new(channel);
    let request = || {
        let mut r = tonic::Request::new(pb::CalculateChartRequest {
            birth: Some(pb::BirthInput {
                birth_date: "1990-05-15".into(),
                birth_time: Some("14:30".into()),
                place: Some("東京, 日本".into()),
                longitude: Some(139.6503),
                latitude: Some(35.6762),
                ..Default::default()
            }),
        });
        r.metadata_mut().insert("authorization", bearer.clone());
        r
    };
    rt.block_on(client.calculate_chart(request())).expect("warm-up call");
    c.bench_function("gRPC CalculateChart on loopback (one client, sequential)", |b| {
        b.iter(|| black_box(rt.block_on(client.calculate_chart(request())).expect("chart")))
    });
}

criterion_group!(name = grpc; config = Criterion::default().sample_size(30); targets = bench);
criterion_main!(grpc);
