# syntax=docker/dockerfile:1
#
# Business API simulator.
#   docker build -t business-api-sim .
#   docker run --rm -p 4010:4010 -e BUSINESS_API_SIM_ADMIN_TOKEN=<token> business-api-sim
# Arguments after the image name replace CMD, so repeat `node dist/cli.js --host 0.0.0.0` when
# overriding, or set options through the environment (PORT, BUSINESS_API_SIM_ADMIN_TOKEN).
# Bound to 0.0.0.0, the control plane requires the token (Authorization: Bearer <token>); the CLI
# reads it from BUSINESS_API_SIM_ADMIN_TOKEN and refuses to start without it. It is never baked
# into the image.

# --- Build: full install (TypeScript is a dev dependency), compile src/ to dist/ ---------------
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# fixtures/, scenarios/ and openapi/ are optional in the source tree; make sure each exists so the
# runtime stage can copy it unconditionally.
RUN npm run build && mkdir -p fixtures scenarios openapi

# --- Runtime: production dependencies only, run as the unprivileged `node` user ----------------
FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    PORT=4010
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/fixtures ./fixtures
COPY --from=build /app/scenarios ./scenarios
COPY --from=build /app/openapi ./openapi

# Files stay owned by root (read-only to the server); the process runs as `node` (uid 1000).
USER node
EXPOSE 4010

# No curl in slim images: probe the control plane with Node's own fetch (/__admin/health needs no token).
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4010)+'/__admin/health',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# The CLI reads PORT and BUSINESS_API_SIM_ADMIN_TOKEN from the environment; SIGTERM (docker stop)
# closes the server cleanly.
CMD ["node", "dist/cli.js", "--host", "0.0.0.0"]
