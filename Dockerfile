# Production image: the built API + front end. The same image runs the projections process.
# Exact versions (docker-compose.yml too): a rebuild gets the same Node and Debian, never a new
# release unannounced; raise them on purpose. 20.20.2 is the Node the tests run on.
FROM node:20.20.2-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY projections/package.json projections/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx tsc -b && (cd frontend && npx vite build)

FROM node:20.20.2-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
RUN npm prune --omit=dev --no-audit --no-fund
USER node
EXPOSE 3000
CMD ["node", "backend/dist/main.js"]
