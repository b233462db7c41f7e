//! Prints the gateway's OpenAPI document (what `GET /api/openapi.json` serves) to stdout, without starting the
//! server or reaching any service. `frontend/scripts/gen-api-types.mjs` turns it into the frontend's API types.

use std::io::Write;

fn main() -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(gateway::openapi::document().as_bytes())?;
    out.write_all(b"\n")
}
