# BenchMarket's production image: the API, the built web app it serves, migrations applied at
# start. How to run it: docs/operations.md; why it is built this way: docs/decisions/026.
#
# Kept in step with deploy/image-steps.sh, which CI runs (.ci/run) without Docker: in a copy of
# the build context it runs the build stage's RUN commands below, in order, then assembles the
# production tree from the `COPY --from=build` lines and starts the server from it. The script
# stops when its commands and this file's RUN lines differ, so change both together.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Manifests first: the dependency layer is rebuilt only when one of them changes.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY perf/package.json perf/
RUN npm ci --no-audit --no-fund
COPY . .
# Also compiles the word vectors into node_modules/.cache/benchmarket/ (apps/api build script).
RUN npm run build
# Production dependencies only; node_modules/.cache (the compiled word vectors) stays.
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
# NODE_OPTIONS: V8's old generation capped at 256 MB. Uncapped, V8 sized it from the machine's
# memory and let garbage pile up under load (RSS 490-700 MB at 100,000 listings with ~105 MB
# live); capped, RSS stays under 400 MB for the same CPU per search (docs/performance.md,
# "Engine cost on a quiet machine"). Raise it for catalogs far beyond 300,000 listings.
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-old-space-size=256 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only to the server's user: nothing under /app is written at run time
# (the word vectors were compiled above; a missing file would fail here, not in production).
COPY --from=build /app/package.json package.json
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages/shared/package.json packages/shared/package.json
COPY --from=build /app/packages/shared/dist packages/shared/dist
COPY --from=build /app/apps/api/package.json apps/api/package.json
COPY --from=build /app/apps/api/node_modules apps/api/node_modules
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/drizzle apps/api/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
# DATA_DIR: only used without PostgreSQL/S3/SMTP (embedded database, uploads, outbox).
# /backups: where compose mounts BACKUP_DIR; a new named volume takes this owner, so `node` may write.
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
EXPOSE 3000
# A WORKER=only process has no API port: it answers /api/v1/health on METRICS_PORT (unset: unhealthy, nothing to ask).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "const port = process.env.WORKER === 'only' ? process.env.METRICS_PORT : process.env.PORT || 3000; fetch('http://127.0.0.1:' + port + '/api/v1/health').then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"]
# node itself as the command (no npm in between), so SIGTERM reaches the server's shutdown.
CMD ["node", "apps/api/dist/server.js"]
