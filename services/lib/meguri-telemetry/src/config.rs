//! Telemetry settings, read once from the standard variables.

use std::env;

/// How log lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    /// One JSON object per line (the default outside development), for the log pipeline.
    Json,
    /// Human-readable lines for a terminal.
    Text,
}

/// What [`init`](crate::init) sets up.
#[derive(Clone, Debug)]
pub struct TelemetryConfig {
    pub log_format: LogFormat,
    /// An `EnvFilter` directive (`RUST_LOG`), e.g. `info,gateway=debug`.
    pub log_filter: String,
    /// `OTEL_EXPORTER_OTLP_ENDPOINT`; traces are exported over OTLP/gRPC only when set.
    pub otlp_endpoint: Option<String>,
}

impl Default for TelemetryConfig {
    fn default() -> Self {
        Self { log_format: LogFormat::Text, log_filter: "info".to_owned(), otlp_endpoint: None }
    }
}

impl TelemetryConfig {
    /// Reads `LOG_FORMAT` (`json`|`text`; default `text` when `APP_ENV=development`, else `json`),
    /// `RUST_LOG` (default `info`) and `OTEL_EXPORTER_OTLP_ENDPOINT`.
    ///
    /// # Errors
    /// The invalid variables, each as `NAME (what was expected)`, so a service can list them with
    /// its own.
    pub fn from_env() -> Result<Self, Vec<String>> {
        Self::from_lookup(|name| env::var(name).ok())
    }

    /// [`TelemetryConfig::from_env`] over any source of variables (tests pass a map).
    ///
    /// # Errors
    /// As [`TelemetryConfig::from_env`].
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, Vec<String>> {
        let development = lookup("APP_ENV").is_some_and(|v| v == "development");
        let log_format = match lookup("LOG_FORMAT").as_deref().map(str::trim) {
            None | Some("") => {
                if development {
                    LogFormat::Text
                } else {
                    LogFormat::Json
                }
            }
            Some(v) if v.eq_ignore_ascii_case("json") => LogFormat::Json,
            Some(v) if v.eq_ignore_ascii_case("text") || v.eq_ignore_ascii_case("pretty") => LogFormat::Text,
            Some(_) => return Err(vec!["LOG_FORMAT (expected json or text)".to_owned()]),
        };
        let log_filter = lookup("RUST_LOG").filter(|v| !v.trim().is_empty()).unwrap_or_else(|| "info".to_owned());
        let otlp_endpoint =
            lookup("OTEL_EXPORTER_OTLP_ENDPOINT").map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        Ok(Self { log_format, log_filter, otlp_endpoint })
    }
}
