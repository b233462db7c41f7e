//! Starting a fleet in-process: free ports, and waiting until a service serves.

use std::time::{Duration, Instant};

use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;

/// A loopback port with nothing listening on it (bound, then released): for a service a test
/// starts later, or one that must look down.
///
/// # Panics
/// When no port can be bound (a test cannot go on).
#[must_use]
#[allow(clippy::expect_used)]
pub fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind a free port");
    listener.local_addr().expect("the bound address").port()
}

/// Waits until the gRPC service at `addr` (`http://127.0.0.1:PORT`) answers its health check
/// (the overall `""` service) with SERVING, polling every 20 ms.
///
/// # Errors
/// It did not within `within`; the error says what it last answered.
pub async fn wait_until_serving(addr: &str, within: Duration) -> Result<(), String> {
    let deadline = Instant::now() + within;
    let endpoint = tonic::transport::Endpoint::from_shared(addr.to_owned()).map_err(|e| e.to_string())?;
    loop {
        let last = match endpoint.connect().await {
            Ok(channel) => {
                let request = HealthCheckRequest { service: String::new() };
                match HealthClient::new(channel).check(request).await {
                    Ok(response) if response.get_ref().status == ServingStatus::Serving as i32 => return Ok(()),
                    Ok(response) => format!("status {}", response.get_ref().status),
                    Err(status) => format!("{:?}: {}", status.code(), status.message()),
                }
            }
            Err(e) => e.to_string(),
        };
        if Instant::now() >= deadline {
            return Err(format!("{addr} did not serve within {within:?} (last: {last})"));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Polls `check` every 25 ms until it gives a value: for a test waiting on something another task
/// or service does (an event handled, a row written), instead of sleeping.
///
/// # Panics
/// Nothing came within `within`; the message names `what`.
#[allow(clippy::panic)]
pub async fn eventually<T, F, Fut>(what: &str, within: Duration, mut check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let deadline = Instant::now() + within;
    loop {
        if let Some(value) = check().await {
            return value;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[tokio::test]
    async fn a_serving_service_is_found_and_a_missing_one_times_out() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = format!("http://{}", listener.local_addr().unwrap());
        let (_reporter, health) = tonic_health::server::health_reporter();
        tokio::spawn(
            tonic::transport::Server::builder()
                .add_service(health)
                .serve_with_incoming(tonic::transport::server::TcpIncoming::from(listener)),
        );

        wait_until_serving(&addr, Duration::from_secs(5)).await.unwrap();

        let nobody = format!("http://127.0.0.1:{}", free_port());
        let error = wait_until_serving(&nobody, Duration::from_millis(100)).await.unwrap_err();
        assert!(error.contains("did not serve"), "{error}");
    }
}
