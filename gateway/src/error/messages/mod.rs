//! The ONE table from a stable code to the Japanese text a person reads, one module per area
//! (each a `match` over its codes; no code is in two areas). Every code a service can send
//! (`meguri_status::codes`) has a message here, checked by the test below.

mod access;
mod accounts;
mod admin;
mod analytics;
mod birth;
mod chat;
mod diary;
mod friends;
mod readings;
mod shape;
mod shop;
mod support;

/// The areas, asked in turn.
const AREAS: [fn(&str) -> Option<&'static str>; 12] = [
    shape::message,
    birth::message,
    accounts::message,
    readings::message,
    friends::message,
    diary::message,
    chat::message,
    shop::message,
    support::message,
    admin::message,
    analytics::message,
    access::message,
];

/// The Japanese message for a stable code; `None` for a code this gateway does not know.
#[must_use]
pub fn message_for(code: &str) -> Option<&'static str> {
    AREAS.iter().find_map(|area| area(code))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_a_service_can_send_has_a_japanese_message() {
        for (service, codes) in meguri_status::codes::ALL {
            for code in *codes {
                let message = message_for(code);
                assert!(message.is_some(), "{service} can send {code}, which has no Japanese message");
                assert!(message.is_some_and(|m| !m.is_ascii()), "{code}: not Japanese");
            }
        }
    }
    #[test]
    fn no_code_is_in_two_areas() {
        for (service, codes) in meguri_status::codes::ALL {
            for code in *codes {
                let areas = AREAS.iter().filter(|area| area(code).is_some()).count();
                assert!(areas <= 1, "{service}'s {code} is in {areas} areas");
            }
        }
    }
}
