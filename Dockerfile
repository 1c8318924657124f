# syntax=docker/dockerfile:1
# The production image (docs/decisions/042, README "Deploy"). A build stage with the dev
# dependencies runs `npm run build`: the web bundle and the server compiled ahead of time (build/app,
# docs/decisions/043), what `npm start` builds when they are missing; the runtime stage has the
# production dependencies only and runs as the unprivileged `node` user, exactly as `npm start`
# does (src/server/http/boot/production.js), compiling nothing.
ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY src ./src
COPY --from=build /app/build ./build
# production.js rebuilds what is older than its sources, and this image has no build tools: both
# builds were made from these very sources a moment ago, so make sure their times say so.
RUN touch build/server/index.js build/app/start.js && mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Readiness, not liveness: a draining instance (SIGTERM) or one without its database is unhealthy.
HEALTHCHECK --interval=10s --timeout=3s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/v1/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is PID 1's child (compose runs it with init: true) and gets SIGTERM directly: the
# server drains before it exits (README "Deploy", rolling restarts).
CMD ["node", "src/server/http/boot/production.js"]
