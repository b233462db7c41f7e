#!/usr/bin/env bash
# `make fuzz`: Schemathesis generates requests from the gateway's own OpenAPI document (bodies, path
# and query parameters, the member's cookie) against the real fleet, and fails on any answer ≥ 500 and
# on any answer the document does not describe (its status code, content type or body schema).
# FUZZ_EXAMPLES (default 25) is the number of generated cases per operation. Afterwards it prints how
# far the requests got per operation (deploy/dev/fuzz_coverage.py): refused by validation, not found,
# reached the operation's logic.
source "$(dirname "$0")/lib.sh"
trap 'stop_all' EXIT

SCHEMATHESIS_VERSION="4.32.5"
VENV="$ROOT/.venv-fuzz"

ensure_postgres
ensure_redis
if [ ! -x "$VENV/bin/st" ] || ! "$VENV/bin/st" --version 2>/dev/null | grep -q "$SCHEMATHESIS_VERSION"; then
  say "installing schemathesis $SCHEMATHESIS_VERSION into .venv-fuzz"
  python3 -m venv "$VENV" && "$VENV/bin/pip" install --quiet "schemathesis==$SCHEMATHESIS_VERSION" \
    || die "could not install schemathesis from PyPI"
fi
# The API is what is fuzzed; the SPA is built only when no build exists (make test built it for e2e).
[ -f "$ROOT/frontend/dist/app/index.html" ] || build_frontend
build_services
FUZZ_MAIL_DIR="$DEV/fuzz-mail/$(date +%s)-$$"
mkdir -p "$FUZZ_MAIL_DIR"
EVENTS_PREFIX="fuzz:$(date +%s)-$$:"
# The gateway's rate limits would answer most cases with 429 after the first few: off for this fleet.
RATE_LIMIT_ENABLED=false MAIL_DIR="$FUZZ_MAIL_DIR" start_fleet "$(free_port)" "$(free_port)" "$(free_port)"
API="${GATEWAY_URL/localhost/127.0.0.1}"

# A member to fuzz the signed-in routes with: sign up, read the code from the mail file, verify.
EMAIL="fuzz-$(date +%s)-$$@example.jp"
PASSWORD="fuzz password $$"
curl -fsS -o /dev/null -H "Origin: $GATEWAY_URL" -H 'Content-Type: application/json' \
  -d "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\",\"username\":\"fuzz$$\",\"birthDate\":\"1990-05-15\",\"privacyPolicyAccepted\":true}" \
  "$API/api/auth/signup" || die "sign-up for the fuzz member failed"
CODE=""
for _ in $(seq 100); do
  CODE="$(python3 - "$FUZZ_MAIL_DIR" "$EMAIL" <<'PY'
import email, pathlib, re, sys
from email import policy
folder, to = pathlib.Path(sys.argv[1]), sys.argv[2]
for path in sorted(folder.glob("*.eml")):
    message = email.message_from_bytes(path.read_bytes(), policy=policy.default)
    if to in str(message["To"]):
        body = message.get_body(preferencelist=("plain",))
        found = re.search(r"\b(\d{6})\b", body.get_content() if body else "")
        if found:
            print(found.group(1))
PY
)"
  [ -n "$CODE" ] && break
  sleep 0.1
done
[ -n "$CODE" ] || die "no verification mail for the fuzz member in $FUZZ_MAIL_DIR"
COOKIE="$(curl -fsS -D - -o /dev/null -H "Origin: $GATEWAY_URL" -H 'Content-Type: application/json' \
  -d "{\"email\":\"$EMAIL\",\"code\":\"$CODE\"}" "$API/api/auth/verify-email" \
  | sed -n 's/^[Ss]et-[Cc]ookie: \(meguri_session=[0-9a-f]*\).*/\1/p' | head -n 1)"
[ -n "$COOKIE" ] || die "verification did not sign the fuzz member in"

say "fuzzing $API/api/openapi.json (${FUZZ_EXAMPLES:-25} cases per operation)"
# Logging out would end the member's session for every later case; everything else is fair game.
REPORT="$DEV/fuzz-report"
rm -f "$REPORT/events.ndjson"
status=0
"$VENV/bin/st" run "$API/api/openapi.json" \
  --url "$API" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
  --max-examples "${FUZZ_EXAMPLES:-25}" \
  --exclude-path /api/auth/logout \
  --header "Cookie: $COOKIE" \
  --header "Origin: $GATEWAY_URL" \
  --request-timeout 15 \
  --seed "${FUZZ_SEED:-20261125}" \
  --report junit,ndjson --report-dir "$REPORT" --report-ndjson-path "$REPORT/events.ndjson" || status=$?
say "how far the requests got, per operation (positive cases; deploy/dev/fuzz_coverage.py)"
python3 "$ROOT/deploy/dev/fuzz_coverage.py" "$REPORT/events.ndjson" --json "$REPORT/coverage.json" \
  || die "could not read $REPORT/events.ndjson"
exit "$status"
