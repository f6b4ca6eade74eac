# syntax=docker/dockerfile:1
#
# Business API simulator.
#   docker build -t business-api-simulator .
#   docker run --rm -p 4010:4010 -e BUSINESS_API_SIM_ADMIN_TOKEN=<token> business-api-simulator
#   docker run --rm -p 4010:4010 -e BUSINESS_API_SIM_ADMIN_TOKEN=<token> -v sim-data:/data \
#     business-api-simulator --data-dir /data
# Arguments after the image name are options of the CLI, added to `--host 0.0.0.0` (see ENTRYPOINT).
# Bound to 0.0.0.0, the control plane requires the token (Authorization: Bearer <token>); the CLI
# reads it from BUSINESS_API_SIM_ADMIN_TOKEN and refuses to start without it. It is never baked
# into the image.
#
# Node 24 is the active LTS line (Node 20 is end of life); the tag pins its minor and takes its
# patch releases (test/packaging/dockerfile.test.ts checks the pin).
ARG NODE_IMAGE=node:24.21-slim

# --- Build: full install (TypeScript is a dev dependency), compile src/ to dist/ ---------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No scripts: `prepare` would build before the sources are here, and no dependency needs one.
RUN npm ci --ignore-scripts
COPY . .
RUN npm run build

# --- Runtime: production dependencies only, run as the unprivileged `node` user ----------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=4010
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/scenarios ./scenarios
COPY --from=build /app/openapi ./openapi

# Node 22.1 and later keep compiled code in NODE_COMPILE_CACHE: filled here by loading every module
# the start loads, so a fresh container skips compiling them. Owned by `node`, which may add to it.
ENV NODE_COMPILE_CACHE=/app/.node-compile-cache
RUN mkdir -p /app/.node-compile-cache && node dist/cli.js --version > /dev/null \
    && chown -R node:node /app/.node-compile-cache

# The data directory for --data-dir: owned by `node`, so a named volume mounted here starts out
# writable by the server (Docker copies the directory's owner into a new volume).
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]

# Application files stay owned by root (read-only to the server); the process runs as `node` (uid 1000).
USER node
EXPOSE 4010

# No curl in slim images: probe the control plane with Node's own fetch (/__admin/health needs no token).
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4010)+'/__admin/health',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# The CLI reads PORT and BUSINESS_API_SIM_ADMIN_TOKEN from the environment; SIGTERM (docker stop)
# closes the server cleanly. Options given to `docker run` after the image name follow these (a
# later --host wins).
ENTRYPOINT ["node", "dist/cli.js", "--host", "0.0.0.0"]
CMD []
