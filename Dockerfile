# syntax=docker/dockerfile:1
#
# Voxboard production image.
#
#   docker build -t voxboard .
#   docker run -p 3000:3000 -v voxboard-data:/data \
#     -e SESSION_SECRET="$(openssl rand -hex 32)" \
#     -e SECRETS_KEY="$(openssl rand -hex 32)" voxboard
#
# SESSION_SECRET (at least 32 characters) and SECRETS_KEY (32 bytes, which
# seal stored CRM and Cal.com credentials) are required at run time; the
# server refuses to start without them. Neither is baked into the image.
# Optional: APP_URL, SMTP_URL, MAIL_FROM, TRUST_PROXY=1 (behind a reverse
# proxy), SEED_DEMO=1 (demo tenants and users on an empty database), the
# RATE_LIMIT_* and SESSION_* settings (see app/config/env.server.ts).
# The SQLite database, uploads and the email outbox live in /data; database
# migrations run when the server starts, before it accepts requests.
# At scale: DATABASE_URL=postgres://… and S3_BUCKET (with S3_ENDPOINT,
# S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE) move the
# database and every stored file off /data; docker-compose.yml runs two
# replicas that way. LOG_LEVEL, METRICS_TOKEN / METRICS_PORT: README.md.
#
# .ci/docker-steps.sh replays this file's npm steps, COPY lines, CMD and
# HEALTHCHECK without a Docker engine; keep the two in step.

FROM node:22-bookworm-slim AS base
WORKDIR /app

# better-sqlite3 compiles its native addon when no prebuilt binary fits.
FROM base AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# npm ci applies these to node_modules (postinstall: patch-package); see patches/README.md.
COPY patches ./patches
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

# Locales, migrations and the Tailwind output are compiled into build/ here,
# so the runtime stage needs no source files.
FROM deps AS build
COPY . .
RUN npm run build
RUN npm prune --omit=dev

FROM base AS runtime
# Two malloc arenas: compression runs on libuv's threads, and with one arena per thread the memory a burst of
# requests used is never returned to the system (docs/benchmarks/pages.md).
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data MALLOC_ARENA_MAX=2
RUN mkdir -p /data && chown node:node /data
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# The application files stay owned by root; the server only writes to /data.
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "build/index.js"]
