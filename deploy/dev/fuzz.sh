#!/usr/bin/env bash
# `make fuzz`: Schemathesis generates requests from the gateway's own OpenAPI document (bodies, path
# and query parameters, the member's cookie) against the real fleet, and fails on any answer ≥ 500 and
# on any answer the document does not describe (its status code, content type or body schema).
# FUZZ_EXAMPLES (default 25) is the number of generated cases per operation, FUZZ_STATEFUL_EXAMPLES
# (default 100) the number of scenarios of the stateful phase (chains of requests along the links).
# Afterwards it prints how far the requests got per operation (deploy/dev/fuzz_coverage.py): refused
# by validation, no match (an id or secret naming nothing), reached the operation's logic.
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

# sign_up NAME: a verified member (sign up, read the code from the mail file, verify); prints the
# session cookie.
sign_up() {
  local name="$1" email="$1-$(date +%s)-$$@example.jp" code="" cookie
  curl -fsS -o /dev/null -H "Origin: $GATEWAY_URL" -H 'Content-Type: application/json' \
    -d "{\"email\":\"$email\",\"password\":\"$PASSWORD\",\"username\":\"$name\",\"birthDate\":\"1990-05-15\",\"gender\":\"female\",\"privacyPolicyAccepted\":true}" \
    "$API/api/auth/signup" || die "sign-up of $name failed"
  for _ in $(seq 100); do
    code="$(python3 - "$FUZZ_MAIL_DIR" "$email" <<'PY'
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
    [ -n "$code" ] && break
    sleep 0.1
  done
  [ -n "$code" ] || die "no verification mail for $name in $FUZZ_MAIL_DIR"
  cookie="$(curl -fsS -D - -o /dev/null -H "Origin: $GATEWAY_URL" -H 'Content-Type: application/json' \
    -d "{\"email\":\"$email\",\"code\":\"$code\"}" "$API/api/auth/verify-email" \
    | sed -n 's/^[Ss]et-[Cc]ookie: \(meguri_session=[0-9a-f]*\).*/\1/p' | head -n 1)"
  [ -n "$cookie" ] || die "verification did not sign $name in"
  echo "$cookie"
}

# call_as COOKIE METHOD PATH [BODY]: one request of a seeded member; prints the answer.
call_as() {
  local cookie="$1" method="$2" path="$3" body="${4:-}"
  curl -fsS -X "$method" -H "Cookie: $cookie" -H "Origin: $GATEWAY_URL" -H 'Content-Type: application/json' \
    ${body:+-d "$body"} "$API$path" || die "$method $path failed while seeding"
}

user_id() {
  call_as "$1" GET /api/auth/user | python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])'
}

# The member whose cookie the fuzzer sends, and others around them so that the operations on
# friends, requests and mentions have something to act on (their ids come to the fuzzer through
# the document's links: GET /api/friends, GET /api/mentions/notifications…): a friend who mentioned
# the member in the diary, two members whose requests wait for the member, and one the member asked.
PASSWORD="fuzz password $$"
NAME="fuzz$$"
COOKIE="$(sign_up "$NAME")"
FRIEND="$(sign_up "${NAME}f")"
ASKING="$(sign_up "${NAME}i")"
ASKED="$(sign_up "${NAME}o")"
ME_ID="$(user_id "$COOKIE")"
FRIEND_ID="$(user_id "$FRIEND")"
call_as "$FRIEND" POST /api/friends/requests "{\"userId\":\"$ME_ID\"}" >/dev/null
call_as "$COOKIE" POST "/api/friends/requests/$FRIEND_ID/accept" >/dev/null
call_as "$FRIEND" POST /api/diary "{\"clientId\":\"$(python3 -c 'import uuid; print(uuid.uuid4())')\",\"content\":\"@$NAME と散歩した\",\"date\":\"$(date -u +%F)\",\"timezoneOffset\":-540}" >/dev/null
call_as "$ASKING" POST /api/friends/requests "{\"userId\":\"$ME_ID\"}" >/dev/null
call_as "$(sign_up "${NAME}j")" POST /api/friends/requests "{\"userId\":\"$ME_ID\"}" >/dev/null
# A pending purchase (the development checkout) and a chat message (paid with the sign-up credits),
# for the links from GET /api/purchases and GET /api/chat/messages.
ITEM_ID="$(call_as "$COOKIE" GET /api/shop/items | python3 -c 'import json, sys; print(json.load(sys.stdin)["items"][0]["id"])')"
call_as "$COOKIE" POST /api/shop/checkout "{\"itemId\":$ITEM_ID,\"attemptId\":\"$(python3 -c 'import uuid; print(uuid.uuid4())')\"}" >/dev/null
call_as "$COOKIE" POST /api/chat/messages "{\"messageId\":\"$(python3 -c 'import uuid; print(uuid.uuid4())')\",\"message\":\"今日の運勢は？\"}" >/dev/null
call_as "$COOKIE" POST /api/friends/requests "{\"userId\":\"$(user_id "$ASKED")\"}" >/dev/null

# A staff account for the admin routes (their bearer token: deploy/dev/schemathesis.toml). The token
# lives 15 minutes, longer than the run.
STAFF_EMAIL="fuzz-staff-$(date +%s)@example.jp" STAFF_PASSWORD="fuzz staff password 1"
ADMIN_PASSWORD="$STAFF_PASSWORD" DATABASE_URL="$(service_db_url identity)" RUST_LOG=warn \
  "${MEGURI_BIN_DIR:-$(target_dir)/debug}/identity" create-admin "$STAFF_EMAIL" >/dev/null \
  || die "could not create the fuzz staff account"
MEGURI_FUZZ_ADMIN_TOKEN="$(curl -fsS -H "Origin: $GATEWAY_URL" -H 'Content-Type: application/json' \
  -d "{\"email\":\"$STAFF_EMAIL\",\"password\":\"$STAFF_PASSWORD\"}" "$API/api/admin/login" \
  | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')" || die "the staff account could not sign in"
export MEGURI_FUZZ_ADMIN_TOKEN

say "fuzzing $API/api/openapi.json (${FUZZ_EXAMPLES:-25} cases per operation)"
# Logging out would end the member's session for every later case; everything else is fair game.
# Two runs: first the stateful phase, which follows the document's links from the seeded friends,
# requests and mentions (the random phases would block or unfriend them first), then the others.
REPORT="$DEV/fuzz-report"
rm -f "$REPORT"/events-*.ndjson
status=0
fuzz() {
  local phases="$1" examples="$2"
  "$VENV/bin/st" --config-file "$ROOT/deploy/dev/schemathesis.toml" run "$API/api/openapi.json" \
    --url "$API" \
    --phases "$phases" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
    --max-examples "$examples" \
    --exclude-path /api/auth/logout \
    --header "Cookie: $COOKIE" \
    --header "Origin: $GATEWAY_URL" \
    --request-timeout 15 \
    --seed "${FUZZ_SEED:-20261125}" \
    --report junit,ndjson --report-dir "$REPORT" --report-ndjson-path "$REPORT/events-${phases//,/-}.ndjson" \
    || status=$?
}
fuzz stateful "${FUZZ_STATEFUL_EXAMPLES:-100}"
fuzz examples,coverage,fuzzing "${FUZZ_EXAMPLES:-25}"
say "how far the requests got, per operation (positive cases; deploy/dev/fuzz_coverage.py)"
curl -fsS -o "$REPORT/openapi.json" "$API/api/openapi.json" || die "could not read the OpenAPI document"
python3 "$ROOT/deploy/dev/fuzz_coverage.py" "$REPORT/openapi.json" "$REPORT"/events-*.ndjson --json "$REPORT/coverage.json" \
  || die "could not read the reports in $REPORT"
exit "$status"
