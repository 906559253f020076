# One image for both processes of split mode: the gateway (server/main.ts) and the care API
# (server/api-main.ts). docker-compose.yml picks the entry point per service.
#
# Node 24 (the active LTS) runs the TypeScript sources itself: its type stripping erases the
# types without a build step or a loader (tsconfig's erasableSyntaxOnly keeps the sources
# strippable, and `npm run typecheck` checks it). Development machines may still use Node 20,
# where `npm start` runs the same sources through tsx.

# --- build: every dependency, then the client bundle (when the client exists) --------------
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN if [ -f client/vite.config.ts ]; then npm run build; else echo "no client to build yet"; fi \
 && mkdir -p dist

# --- runtime: production dependencies, the sources (run by Node itself) and the built client
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    CLIENT_DIST=/app/dist/client \
    LAYOUTS_DIR=/app/layouts \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY . .
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# node itself is PID 1's child (compose sets init: true) and gets SIGTERM directly, so the
# server closes cleanly; `npm start` would put npm and the tsx launcher in between.
CMD ["node", "server/main.ts"]
