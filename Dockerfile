# One image for both processes of split mode: the gateway (server/main.ts) and the care API
# (server/api-main.ts). docker-compose.yml picks the entry point per service.

# --- build: every dependency, then the client bundle (when the client exists) --------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN if [ -f client/vite.config.ts ]; then npm run build; else echo "no client to build yet"; fi \
 && mkdir -p dist

# --- runtime: production dependencies, the sources (run by tsx) and the built client --------
FROM node:20-bookworm-slim
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
CMD ["node", "--import", "tsx", "server/main.ts"]
