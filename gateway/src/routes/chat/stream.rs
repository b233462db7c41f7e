//! A reply's gRPC event stream as Server-Sent Events: one `event:`/`data:` frame per chat event,
//! written as it arrives (actix sends each chunk of a streaming body at once; nothing is buffered),
//! and a `: keep-alive` comment after each `CHAT_KEEP_ALIVE_MS` of silence. The stream ends after
//! `done` or `failed`. A client that goes away drops this stream, and with it the gRPC stream
//! (chat sees the call cancelled; its reply task goes on, stores the reply and keeps the one charge).

use std::time::Duration;

use actix_web::web::Bytes;
use futures_util::stream::{self, Stream};
use meguri_proto::chat as pb;
use tonic::Streaming;

use super::body::ChatStreamEvent;

/// The comment that keeps an idle stream open.
pub const KEEP_ALIVE: &[u8] = b": keep-alive\n\n";

/// One event as an SSE frame: `event: <name>`, one `data:` line of compact JSON, a blank line.
#[must_use]
pub fn frame(event: &ChatStreamEvent) -> Option<Bytes> {
    let data = serde_json::to_string(event).ok()?;
    Some(Bytes::from(format!("event: {}\ndata: {data}\n\n", event.name())))
}

struct Reply {
    first: Option<ChatStreamEvent>,
    events: Streaming<pb::SendMessageEvent>,
    keep_alive: Duration,
    ended: bool,
}

/// The body of a reply stream whose first event (`accepted`) was already read.
pub fn events(
    first: ChatStreamEvent,
    events: Streaming<pb::SendMessageEvent>,
    keep_alive: Duration,
) -> impl Stream<Item = Result<Bytes, actix_web::Error>> {
    let reply = Reply { first: Some(first), events, keep_alive, ended: false };
    stream::unfold(reply, |mut reply| async move {
        if reply.ended {
            return None;
        }
        let event = match reply.first.take() {
            Some(first) => first,
            None => {
                // `Streaming::message` keeps what it has read in the stream itself, so losing the
                // race to the keep-alive loses nothing.
                let next = tokio::select! {
                    next = reply.events.message() => next,
                    () = tokio::time::sleep(reply.keep_alive) => {
                        return Some((Ok(Bytes::from_static(KEEP_ALIVE)), reply));
                    }
                };
                match next {
                    Ok(Some(event)) => match ChatStreamEvent::try_from(event) {
                        Ok(event) => event,
                        Err(error) => {
                            tracing::error!(name: "gateway.chat.stream_event", error = %error, "chat sent an event the gateway cannot map; ending the stream");
                            return None;
                        }
                    },
                    Ok(None) => {
                        tracing::warn!(name: "gateway.chat.stream_cut", "chat ended a reply stream before done or failed");
                        return None;
                    }
                    Err(status) => {
                        tracing::warn!(name: "gateway.chat.stream_cut", rpc = "SendMessage", grpc.code = ?status.code(), grpc.message = status.message(), "a reply stream broke off");
                        return None;
                    }
                }
            }
        };
        reply.ended = event.is_last();
        match frame(&event) {
            Some(bytes) => Some((Ok(bytes), reply)),
            None => {
                tracing::error!(name: "gateway.chat.stream_event", "an event could not be written as JSON; ending the stream");
                None
            }
        }
    })
}
