//! Keeps the dotted name of a log event (`tracing::warn!(name: "gateway.user.credits_unavailable", …)`).
//!
//! `tracing-subscriber`'s formatters print an event's fields, level and target but never its name,
//! and the name is what on-call searches for (docs/runbooks). This wrapper adds it: as the `event`
//! key of a JSON line, or in brackets before a text line. Events without an explicit name (tracing
//! names them `event <file>:<line>`) are left as they are.

use std::fmt::{self, Write as _};

use tracing::{Event, Subscriber};
use tracing_subscriber::fmt::format::Writer;
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields};
use tracing_subscriber::registry::LookupSpan;

/// Wraps an event formatter; see the module documentation.
pub struct WithEventName<F> {
    inner: F,
    json: bool,
}

impl<F> WithEventName<F> {
    pub const fn json(inner: F) -> Self {
        Self { inner, json: true }
    }

    pub const fn text(inner: F) -> Self {
        Self { inner, json: false }
    }
}

/// The explicit name of an event, if it has one.
fn explicit_name(name: &str) -> Option<&str> {
    (!name.starts_with("event ")).then_some(name)
}

/// `name` as a JSON string literal (names are code, but escape anyway).
fn json_string(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 2);
    out.push('"');
    for c in name.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Puts `"event":"<name>"` first in a JSON object line.
fn insert_json_name(line: &str, name: &str) -> Option<String> {
    let rest = line.strip_prefix('{')?;
    let separator = if rest.trim_start().starts_with('}') { "" } else { "," };
    Some(format!("{{\"event\":{}{separator}{rest}", json_string(name)))
}

impl<S, N, F> FormatEvent<S, N> for WithEventName<F>
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
    F: FormatEvent<S, N>,
{
    fn format_event(&self, ctx: &FmtContext<'_, S, N>, mut writer: Writer<'_>, event: &Event<'_>) -> fmt::Result {
        let Some(name) = explicit_name(event.metadata().name()) else {
            return self.inner.format_event(ctx, writer, event);
        };
        if !self.json {
            write!(writer, "[{name}] ")?;
            return self.inner.format_event(ctx, writer, event);
        }
        let mut line = String::new();
        self.inner.format_event(ctx, Writer::new(&mut line), event)?;
        match insert_json_name(&line, name) {
            Some(named) => writer.write_str(&named),
            None => writer.write_str(&line),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_becomes_the_first_json_key() {
        assert_eq!(
            insert_json_name("{\"level\":\"WARN\",\"message\":\"x\"}\n", "gateway.user.credits_unavailable").as_deref(),
            Some("{\"event\":\"gateway.user.credits_unavailable\",\"level\":\"WARN\",\"message\":\"x\"}\n")
        );
        assert_eq!(insert_json_name("{}", "a.b").as_deref(), Some("{\"event\":\"a.b\"}"));
        assert_eq!(insert_json_name("not json", "a.b"), None);
    }

    #[test]
    fn implicit_names_are_left_alone() {
        assert_eq!(explicit_name("event src/lib.rs:12"), None);
        assert_eq!(explicit_name("identity.unexpected"), Some("identity.unexpected"));
    }

    #[test]
    fn names_are_escaped() {
        assert_eq!(json_string("a\"b\\c\n"), "\"a\\\"b\\\\c\\u000a\"");
    }

    #[test]
    fn a_named_event_is_logged_with_its_name() {
        use std::sync::{Arc, Mutex};

        #[derive(Clone, Default)]
        struct Sink(Arc<Mutex<Vec<u8>>>);
        impl std::io::Write for Sink {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                self.0.lock().map_err(|_| std::io::Error::other("poisoned"))?.extend_from_slice(buf);
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let sink = Sink::default();
        let writer = sink.clone();
        let subscriber = tracing_subscriber::fmt()
            .json()
            .flatten_event(true)
            .with_writer(move || writer.clone())
            .map_event_format(WithEventName::json)
            .finish();
        tracing::subscriber::with_default(subscriber, || {
            tracing::warn!(name: "billing.grant.replayed", user = 7, "a grant was replayed");
            tracing::info!("unnamed");
        });
        let out = String::from_utf8(sink.0.lock().map(|b| b.clone()).unwrap_or_default()).unwrap_or_default();
        let mut lines = out.lines();
        assert!(lines.next().is_some_and(|l| l.starts_with("{\"event\":\"billing.grant.replayed\",")), "{out}");
        assert!(lines.next().is_some_and(|l| !l.contains("\"event\"")), "{out}");
    }
}
