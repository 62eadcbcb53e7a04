# One image, two roles: web (HTTP, the default) and worker (jobs). Both need DATABASE_URL.
#   docker build -t marginalia .
#   docker run -e DATABASE_URL=postgres://… -p 3000:3000 marginalia             (web, the default)
#   docker run -e DATABASE_URL=postgres://… marginalia --role=worker

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npx react-router build

FROM node:24-bookworm-slim AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
RUN useradd --system --uid 10001 marginalia && mkdir -p /app/.data && chown marginalia /app/.data
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
COPY app ./app
COPY db ./db
COPY jobs ./jobs
COPY server ./server
COPY locales ./locales
COPY public ./public
USER marginalia
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
ENTRYPOINT ["node", "server/index.ts"]
CMD ["--role=web"]
