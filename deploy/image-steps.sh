#!/usr/bin/env bash
# The production image's steps as a plain script, for CI machines without a Docker daemon
# (.ci/run; docs/decisions/026). Kept in step with ../Dockerfile:
#   1. copies the build context (git's tracked files, which is what .dockerignore leaves) to a
#      temporary directory;
#   2. runs there the RUN commands of the Dockerfile's build stage, in order (BUILD_STEPS below;
#      the script stops first if the Dockerfile's RUN lines differ from them);
#   3. assembles the production tree from the Dockerfile's `COPY --from=build` lines, read-only
#      like the image's root-owned /app, and starts `node apps/api/dist/server.js` from it with
#      NODE_ENV=production on the embedded database (DATA_DIR in the temporary directory, a free
#      port); checks GET /api/v1/health → 200, GET / → 200 HTML, two API calls, and that the word
#      vectors compiled at build time are there; stops it with SIGTERM and expects exit 0; runs
#      `npm run backup` in that tree, where TypeScript was pruned (what `docker compose exec
#      worker npm run backup` runs), and expects a manifest;
#   4. validates compose.yaml with `docker-compose config` (Debian's docker-compose package: 1.29,
#      bookworm has no Compose v2; docs/decisions/026) and deploy/Caddyfile with
#      `caddy adapt --validate` (Debian's caddy package).
# Everything it starts or creates is removed on any exit.
set -euo pipefail

REPO="$(cd "$(dirname "$0")/.." && pwd)"
DOCKERFILE="$REPO/Dockerfile"

# The Dockerfile's build-stage RUN lines, one command each, in order.
BUILD_STEPS=(
  "npm ci --no-audit --no-fund"
  "npm run build"
  "npm prune --omit=dev --no-audit --no-fund"
)

started_at=$SECONDS
WORK="$(mktemp -d "${TMPDIR:-/tmp}/benchmarket-image.XXXXXX")"
CONTEXT="$WORK/context"
PROD="$WORK/app"
SERVER_PID=""

cleanup() {
  local status=$?
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    # The server and the embedded database's process share a process group (setsid below).
    kill -KILL -- "-$SERVER_PID" 2>/dev/null || true
  fi
  if [[ -d "$PROD" ]]; then chmod -R u+w "$PROD" 2>/dev/null || true; fi
  rm -rf "$WORK"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

fail() {
  echo "image-steps: $*" >&2
  if [[ -f "$WORK/server.log" ]]; then
    echo "--- server log (last 60 lines)" >&2
    tail -n 60 "$WORK/server.log" >&2
  fi
  exit 1
}

step() { echo "-- $* ($((SECONDS - started_at)) s)"; }

# --- 0. the Dockerfile and this script agree -------------------------------------------------
step "Dockerfile's build stage runs the same commands as this script"
dockerfile_runs="$(awk '/^FROM /{stage++} stage == 1 && /^RUN /{sub(/^RUN +/, ""); print}' "$DOCKERFILE")"
script_runs="$(printf '%s\n' "${BUILD_STEPS[@]}")"
if [[ "$dockerfile_runs" != "$script_runs" ]]; then
  echo "Dockerfile build stage:" >&2
  echo "$dockerfile_runs" >&2
  echo "deploy/image-steps.sh BUILD_STEPS:" >&2
  echo "$script_runs" >&2
  fail "the Dockerfile's build-stage RUN lines and BUILD_STEPS differ: change both together"
fi
mapfile -t COPIES < <(awk '/^COPY --from=build /{print $3, $4}' "$DOCKERFILE")
[[ ${#COPIES[@]} -gt 0 ]] || fail "no 'COPY --from=build' lines in the Dockerfile"

# --- 1. the build context --------------------------------------------------------------------
step "copying the build context (tracked files) to $CONTEXT"
mkdir -p "$CONTEXT"
if git -C "$REPO" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  # Tracked files as they are in the working tree (uncommitted edits included, deletions not).
  (cd "$REPO" && git ls-files -z --cached | while IFS= read -r -d '' file; do
    [[ -e "$file" || -L "$file" ]] && printf '%s\0' "$file"
  done | tar --null -T - -cf -) | tar -xf - -C "$CONTEXT"
else
  tar -C "$REPO" --exclude=.git --exclude=node_modules --exclude=dist --exclude=data \
    --exclude='*.tsbuildinfo' --exclude=.env -cf - . | tar -xf - -C "$CONTEXT"
fi

# --- 2. the build stage ----------------------------------------------------------------------
for command in "${BUILD_STEPS[@]}"; do
  step "RUN $command"
  # As in the image's build stage: no NODE_ENV (npm ci installs devDependencies).
  (cd "$CONTEXT" && env -u NODE_ENV bash -c "$command") || fail "'$command' failed"
done

# --- 3. the production tree, started ---------------------------------------------------------
step "assembling the production tree from the Dockerfile's COPY --from=build lines"
mkdir -p "$PROD"
for copy in "${COPIES[@]}"; do
  read -r source target <<<"$copy"
  [[ "$source" == /app/* ]] || fail "COPY --from=build $source: expected a path under /app/ (one source, one target)"
  relative="${source#/app/}"
  [[ -e "$CONTEXT/$relative" ]] || fail "COPY --from=build $source: not in the build stage's tree"
  mkdir -p "$(dirname "$PROD/$target")"
  # Hard links: as fast as the copy is cheap (and both trees are removed at the end).
  cp -al "$CONTEXT/$relative" "$PROD/$target"
done
vectors="$(find "$PROD/node_modules/.cache/benchmarket" -name '*.bin' 2>/dev/null | head -n 1)"
[[ -n "$vectors" ]] || fail "no compiled word vectors in node_modules/.cache/benchmarket/ of the production tree"
# The image's /app belongs to root and the server runs as 'node': nothing there may be written.
chmod -R a-w "$PROD"

PORT="$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });')"
BASE="http://127.0.0.1:$PORT"
JWT_SECRET_VALUE="$(node -e 'console.log(require("node:crypto").randomBytes(48).toString("base64url"))')"
step "starting the production server on $BASE (embedded database in $WORK/data)"
# A clean environment (no DATABASE_URL, S3_*, SMTP_URL from the caller), as in the image.
# setsid: the server leads its own process group, so cleanup can stop the database child too.
(cd "$PROD" && exec env -i PATH="$PATH" HOME="$WORK" TMPDIR="$WORK" \
  NODE_ENV=production HOST=127.0.0.1 PORT="$PORT" DATA_DIR="$WORK/data" \
  JWT_SECRET="$JWT_SECRET_VALUE" \
  ALLOW_SANDBOX_PAYMENTS=1 ALLOW_OUTBOX_MAIL=1 DEMO_DATA=0 LOG_LEVEL=info \
  setsid node apps/api/dist/server.js) >"$WORK/server.log" 2>&1 &
SERVER_PID=$!

# status URL [BODY_FILE]: the HTTP status (000 when unreachable); the body and content type into BODY_FILE.
status() {
  # shellcheck disable=SC2016 # JavaScript, not shell: nothing to expand
  node -e '
    const [url, file] = process.argv.slice(1);
    fetch(url, { signal: AbortSignal.timeout(15000) }).then(async (r) => {
      const body = await r.text();
      if (file) require("node:fs").writeFileSync(file, `${r.headers.get("content-type")}\n${body}`);
      console.log(r.status);
    }, () => console.log("000"));' "$@"
}

step "waiting for GET /api/v1/health → 200"
for _ in $(seq 1 180); do
  kill -0 "$SERVER_PID" 2>/dev/null || fail "the server exited before it was healthy"
  [[ "$(status "$BASE/api/v1/health")" == 200 ]] && break
  sleep 1
done
[[ "$(status "$BASE/api/v1/health" "$WORK/health")" == 200 ]] || fail "GET /api/v1/health did not answer 200 within 180 s"
echo "   $(tail -n 1 "$WORK/health")"

step "GET / → 200 HTML"
code="$(status "$BASE/" "$WORK/index")"
[[ "$code" == 200 ]] || fail "GET / answered $code"
head -n 1 "$WORK/index" | grep -qi '^text/html' || fail "GET / is not HTML: $(head -n 1 "$WORK/index")"
grep -qi '<!doctype html' "$WORK/index" || fail "GET / has no HTML document"

step "GET /api/v1/config and /api/v1/listings/latest → 200 (anonymous API calls; search needs a verified account)"
for path in /api/v1/config /api/v1/listings/latest; do
  code="$(status "$BASE$path" "$WORK/api")"
  [[ "$code" == 200 ]] || fail "GET $path answered $code: $(tail -c 300 "$WORK/api")"
done

step "word vectors: the file compiled at build time, loaded from the production tree"
# Checked by path: CI runs as root, whom the read-only tree would not stop from compiling it now.
# shellcheck disable=SC2016 # JavaScript, not shell: nothing to expand
(cd "$PROD" && node --input-type=module -e '
  const { existsSync } = await import("node:fs");
  const { compactFilePath, loadWordVectors } = await import("./apps/api/dist/providers/embeddings/word-vectors.js");
  const file = compactFilePath();
  if (!existsSync(file)) throw new Error(`${file} is missing: the server would compile it at run time`);
  const vectors = await loadWordVectors();
  if (vectors.size < 100000) throw new Error(`${file} holds only ${vectors.size} words`);
  console.log(`   ${vectors.size} words from ${file}`);') || fail "the compiled word vectors are not in the production tree"

step "SIGTERM → exit code 0"
kill -TERM "$SERVER_PID"
for _ in $(seq 1 60); do
  kill -0 "$SERVER_PID" 2>/dev/null || break
  sleep 0.5
done
kill -0 "$SERVER_PID" 2>/dev/null && fail "the server was still running 30 s after SIGTERM"
set +e
wait "$SERVER_PID"
exit_code=$?
set -e
SERVER_PID=""
[[ "$exit_code" == 0 ]] || fail "the server exited with $exit_code after SIGTERM"
if pgrep -f "pglite-process.js $WORK/data" >/dev/null 2>&1; then
  fail "the embedded database's process outlived the server"
fi

step "npm run backup in the production tree (no TypeScript there: the script runs the built CLI)"
# The server has stopped: the embedded database it leaves may be opened by the command.
(cd "$PROD" && exec env -i PATH="$PATH" HOME="$WORK" TMPDIR="$WORK" NPM_CONFIG_UPDATE_NOTIFIER=false \
  NODE_ENV=production DATA_DIR="$WORK/data" BACKUP_DIR="$WORK/backups" JWT_SECRET="$JWT_SECRET_VALUE" \
  ALLOW_SANDBOX_PAYMENTS=1 ALLOW_OUTBOX_MAIL=1 npm run backup) >"$WORK/backup.log" 2>&1 ||
  { cat "$WORK/backup.log" >&2; fail "npm run backup failed in the production tree"; }
compgen -G "$WORK/backups/benchmarket-*/manifest.json" >/dev/null ||
  { cat "$WORK/backup.log" >&2; fail "npm run backup wrote no manifest.json under $WORK/backups"; }
echo "   $(grep 'Backup complete' "$WORK/backup.log")"

# --- 4. compose.yaml -------------------------------------------------------------------------
step "docker-compose config (compose.yaml)"
command -v docker-compose >/dev/null 2>&1 ||
  fail "docker-compose is not installed (apt-get install docker-compose; .ci/run installs it)"
# The secrets compose.yaml requires (${VAR:?}), with stand-in values: only the file is checked.
(cd "$REPO" && env POSTGRES_PASSWORD=check JWT_SECRET=check-check-check-check-check-check \
  S3_ACCESS_KEY_ID=check S3_SECRET_ACCESS_KEY=check-check \
  docker-compose --file compose.yaml config --quiet) || fail "compose.yaml does not validate"

step "caddy adapt --validate (deploy/Caddyfile)"
command -v caddy >/dev/null 2>&1 || fail "caddy is not installed (apt-get install caddy; .ci/run installs it)"
caddy adapt --config "$REPO/deploy/Caddyfile" --adapter caddyfile --validate >/dev/null 2>"$WORK/caddy.log" ||
  { cat "$WORK/caddy.log" >&2; fail "deploy/Caddyfile does not validate"; }

step "done"
