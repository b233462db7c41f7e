use std::time::{Duration, Instant};

use serde_json::json;
use tokio::net::TcpListener;

use crate::helpers::{free_port, json, serve_engine, spawn_app_without_engine};

#[tokio::test]
async fn a_down_engine_is_a_quick_503_and_the_gateway_heals_when_it_returns() {
    let engine_port = free_port().await;
    let app = spawn_app_without_engine(engine_port).await;

    let started = Instant::now();
    let (status, body) = json(app.post_calculate(&json!({"birthDate": "1990-05-15"})).await).await;
    let elapsed = started.elapsed();

    assert_eq!(status, 503);
    assert_eq!(
        body,
        json!({"message": "ただいまサービスに接続できません。しばらくしてから再度お試しください。", "code": "SERVICE_UNAVAILABLE"})
    );
    assert!(elapsed < Duration::from_millis(1000), "well within the 2 s deadline: {elapsed:?}");

    let engine = serve_engine(TcpListener::bind(("127.0.0.1", engine_port)).await.expect("rebind the port")).await;
    let (status, body) = json(app.post_calculate(&json!({"birthDate": "1990-05-15"})).await).await;

    assert_eq!(status, 200, "{body}");
    engine.state.assert_every_call_was_authenticated();
}

/// A TCP proxy that can stall: while paused it reads nothing from either side, as a stopped
/// (SIGSTOP) process would; on resume everything that queued up flows again.
struct StallingProxy {
    port: u16,
    paused: tokio::sync::watch::Sender<bool>,
}

impl StallingProxy {
    async fn start(upstream: u16) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let (paused, watch) = tokio::sync::watch::channel(false);
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let Ok(server) = tokio::net::TcpStream::connect(("127.0.0.1", upstream)).await else { continue };
                let (client_read, client_write) = client.into_split();
                let (server_read, server_write) = server.into_split();
                tokio::spawn(pump(client_read, server_write, watch.clone()));
                tokio::spawn(pump(server_read, client_write, watch.clone()));
            }
        });
        Self { port, paused }
    }

    fn pause(&self, paused: bool) {
        self.paused.send_replace(paused);
    }
}

async fn pump(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    mut paused: tokio::sync::watch::Receiver<bool>,
) {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let mut buffer = vec![0_u8; 16 * 1024];
    loop {
        if paused.wait_for(|p| !*p).await.is_err() {
            return;
        }
        let n = match from.read(&mut buffer).await {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        // Bytes read just before a pause are held until the resume, like a stopped process's.
        if paused.wait_for(|p| !*p).await.is_err() || to.write_all(&buffer[..n]).await.is_err() {
            return;
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_engine_stall_under_load_answers_503_or_504_never_429_and_heals() {
    let engine = crate::helpers::spawn_engine().await;
    let proxy = StallingProxy::start(engine.port()).await;
    let app = crate::helpers::spawn_gateway_for_engine(proxy.port, |c| {
        c.grpc_timeout = Duration::from_millis(400);
        c.workers = Some(2);
    })
    .await;
    let stop = Instant::now() + Duration::from_secs(6);
    let load = (0..48).map(|_| {
        let app = &app;
        async move {
            let mut seen = Vec::new();
            while Instant::now() < stop {
                let response = app.post_calculate(&json!({"birthDate": "1990-05-15"})).await;
                seen.push(response.status().as_u16());
            }
            seen
        }
    });
    let stall = async {
        tokio::time::sleep(Duration::from_millis(1500)).await;
        proxy.pause(true);
        tokio::time::sleep(Duration::from_millis(2000)).await;
        proxy.pause(false);
    };

    let (statuses, ()) = tokio::join!(futures_util::future::join_all(load), stall);

    let statuses: Vec<u16> = statuses.into_iter().flatten().collect();
    let count = |s: u16| statuses.iter().filter(|&&x| x == s).count();
    assert_eq!(count(429), 0, "no limiter ran, so no 429: {:?}", tally(&statuses));
    assert!(statuses.iter().all(|s| [200, 503, 504].contains(s)), "{:?}", tally(&statuses));
    assert!(count(503) + count(504) > 0, "the stall was seen: {:?}", tally(&statuses));
    let (status, body) = json(app.post_calculate(&json!({"birthDate": "1990-05-15"})).await).await;
    assert_eq!(status, 200, "healed: {body}");
}

fn tally(statuses: &[u16]) -> std::collections::BTreeMap<u16, usize> {
    let mut map = std::collections::BTreeMap::new();
    for s in statuses {
        *map.entry(*s).or_insert(0) += 1;
    }
    map
}
