# syntax=docker/dockerfile:1
# The production image (docs/decisions/042, README "Deploy"). A build stage with the dev
# dependencies builds the web bundle (the same `npx react-router build` that `npm run soak` and
# `npm start` run); the runtime stage has the production dependencies only and runs as the
# unprivileged `node` user. The server runs its TypeScript through tsx, a runtime dependency, exactly
# as `npm start` does.
ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx react-router build

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY tsconfig.json ./
COPY src ./src
COPY --from=build /app/build ./build
# start.ts rebuilds a bundle older than its sources, and this image has no build tools: the bundle
# was built from these very sources a moment ago, so make sure its time says so.
RUN touch build/server/index.js && mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Readiness, not liveness: a draining instance (SIGTERM) or one without its database is unhealthy.
HEALTHCHECK --interval=10s --timeout=3s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/v1/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is PID 1's child (compose runs it with init: true) and gets SIGTERM directly: the
# server drains before it exits (README "Deploy", rolling restarts).
CMD ["node", "--import", "tsx", "src/server/http/boot/start.ts"]
