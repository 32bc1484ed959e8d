import 'reflect-metadata';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { NestFactory, Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import compression from 'compression';
import helmet from 'helmet';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import { buildOpenApiDocument, HTML_BLOCK_RESIZE_SCRIPT, MAX_IMPORT_BYTES, LADDER_STREAM } from '@team/contracts';
import { Projector, readModelProjections } from '@team/projections';
import type { AppConfig } from './config.js';
import { AppModule } from './app.module.js';
import { openEventStore } from './event-store/open-event-store.js';
import { PostgresEventStore } from './event-store/postgres/postgres-event-store.js';
import { ApiExceptionFilter, sendError } from './http/api-exception.filter.js';
import { correlationIdOf } from './http/request-facts.js';
import { JsonBodyInterceptor } from './http/body-limit.js';
import { jsonBodies, MAX_JSON_BYTES, textBodies } from './http/body-parsers.js';
import { capConnectionsPerAddress } from './http/connection-cap.js';
import { isRequestLogQuiet } from './http/quiet-request-log.js';
import { unsafeAddressProblem } from './http/hostile-requests.js';
import { precompressedAssets } from './http/precompressed-assets.js';
import { ReadYourWritesInterceptor } from './projector/read-your-writes.interceptor.js';
import { headersSetBy, serveEarlyRoute } from './http/early-routes.js';
import { cachedLeaderboard } from './tracker/get-leaderboard/cached-leaderboard.js';
import { GetLeaderboardHandler } from './tracker/get-leaderboard/get-leaderboard.query.js';
import { createKnex } from './infrastructure/database.js';
import { migrateDatabase } from './migrate-database.js';
import { createLogger, NestPinoLogger } from './infrastructure/logger.js';
import { PgNotifications } from './infrastructure/pg-notifications.js';
import type { Clock } from './infrastructure/tokens.js';
import { IMPORT_PATH } from './ladder/import-matches/import-matches.controller.js';
import { MEDIA_UPLOAD_PATH, mediaUploadBodies } from './media/upload-body.js';
import { AdminKeyGuard } from './admin-access/admin-key.guard.js';
import { appShell } from './seo/page-heads/app-shell.js';
import { PageHeads } from './seo/page-heads/page-heads.js';

/** The CSP source that lets the HTML block frame's resize script, and no other inline script, run. */
const HTML_BLOCK_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(HTML_BLOCK_RESIZE_SCRIPT, 'utf8').digest('base64')}'`;

/** How long a client may take to send a request's headers (Node checks every 30 s). */
const HEADERS_TIMEOUT_MS = 15_000;

/** How long an import's file may take to arrive: 32 MB over a slow uplink. */
const IMPORT_BODY_MAX_MS = 120_000;

/** How long a closing server waits for the answers under way before it cuts their connections. */
const CLOSE_GRACE_MS = 5_000;

export interface AppOptions {
  /** The admin key (resolved by the launcher: ADMIN_KEY or the generated one). */
  adminKey: string;
  databaseUrl: string;
  logger?: Logger;
  clock?: Clock;
}

export interface RunningApp {
  app: NestExpressApplication;
  knex: Knex;
  projector: Projector | null;
  logger: Logger;
  close(): Promise<void>;
}

/** Builds the whole application on one database: store, projector, HTTP API and static front end. */
export async function createApp(config: AppConfig, options: AppOptions): Promise<RunningApp> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const knex = createKnex(options.databaseUrl, 20);
  // Time travel folds on its own few connections: a burst of ?asOf= readers waits there, not
  // in front of the commands and the projector.
  const timeTravelKnex = createKnex(options.databaseUrl, config.timeTravelConcurrency + 1, 'team-site-time-travel');
  // Read-model queries go to READ_DATABASE_URL's replica when there is one; commands, the
  // projector and the event log stay on the primary.
  const readKnex = config.readDatabaseUrl ? createKnex(config.readDatabaseUrl, 20, 'team-site-read') : knex;
  // Rate-limit counts on a pool of their own without waiting for the WAL flush: a hit is one
  // upsert on the address's row, and the hits of one busy address queue on that row lock. A
  // flush per hit would make that queue the limit of the whole write path; a crash forgets at
  // most the last few counts, which only ever lets an address a little more through.
  const limitsKnex = createKnex(options.databaseUrl, 4, 'team-site-limits', undefined, '-c synchronous_commit=off');
  const notifications = new PgNotifications(options.databaseUrl, (error) =>
    logger.warn({ err: error }, 'notification connection lost'),
  );
  await migrateDatabase(knex);
  const eventStore = openEventStore(config, knex, notifications);
  const projector =
    config.projector === 'inline'
      ? new Projector({
          knex,
          reader: eventStore,
          projections: readModelProjections,
          ...(config.workerName ? { worker: config.workerName } : {}),
          // A recorded match is in the read tables when its append commits (see InlineProjection).
          inlineStreams: [LADDER_STREAM],
          logger: {
            info: (message, fields) => logger.info(fields ?? {}, message),
            error: (message, fields) => logger.error(fields ?? {}, message),
          },
        })
      : null;
  if (projector && config.inlineProjection === 'on' && eventStore instanceof PostgresEventStore) eventStore.projectInline(projector);
  projector?.start();

  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot({
      config,
      databaseUrl: options.databaseUrl,
      knex,
      readKnex,
      limitsKnex,
      timeTravelKnex,
      notifications,
      eventStore,
      projector,
      adminKey: options.adminKey,
      logger,
      clock: options.clock ?? (() => new Date()),
    }),
    { bodyParser: false, logger: new NestPinoLogger(logger) },
  );
  configureHttp(app, config, logger);
  await app.init();
  // After every route: an error of the edge's own steps that reached no filter gets the JSON shape too.
  app.use((error: unknown, request: Request, response: Response, _next: NextFunction) => sendError(error, request, response, logger));

  return {
    app,
    knex,
    projector,
    logger,
    async close() {
      // Answers under way get CLOSE_GRACE_MS to finish; then every connection still open is cut,
      // so a stalled client cannot hold a shutdown (idle keep-alive connections close at once).
      const server = app.getHttpServer();
      const grace = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
      await app.close().finally(() => clearTimeout(grace));
      await projector?.stop();
      await eventStore.close();
      await notifications.close();
      await timeTravelKnex.destroy();
      await limitsKnex.destroy();
      if (readKnex !== knex) await readKnex.destroy();
      await knex.destroy();
    },
  };
}

/** What every answer gets, whichever path it takes: its log line and request id, and the security headers. */
interface HttpEdge {
  logRequest: HttpLogger<IncomingMessage, ServerResponse>;
  /** helmet's headers: they depend on its configuration, not on the request, so they are worked out once. */
  headers: [string, string | number | readonly string[]][];
}

function isEventStream(response: ServerResponse): boolean {
  return String(response.getHeader('content-type') ?? '').startsWith('text/event-stream');
}

function httpEdge(logger: Logger): HttpEdge {
  const logRequest = pinoHttp({
    logger,
    // The request id in the logs is the correlation id its events carry (and X-Correlation-Id).
    genReqId: (request, response) => correlationIdOf(request, response),
    autoLogging: { ignore: (request) => !request.url?.startsWith('/api') },
    // A request its client gave up on is one warn line, never an error with a stack (a live
    // event stream ends so by design).
    customLogLevel: (request, response, error) =>
      isRequestLogQuiet(request)
        ? 'silent'
        : !response.writableEnded
          ? isEventStream(response)
            ? 'info'
            : 'warn'
          : error || response.statusCode >= 500
            ? 'error'
            : response.statusCode >= 400
              ? 'warn'
              : 'info',
  });
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        // antd writes its styles at run time. Scripts only from this origin, and the HTML
        // block frame's resize script by its hash (the srcdoc frame inherits this policy).
        'default-src': ["'self'"],
        'script-src': ["'self'", HTML_BLOCK_SCRIPT_SOURCE],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https:', 'http:'],
        'media-src': ["'self'", 'https:', 'http:'],
        'frame-src': ["'self'", 'https://www.youtube.com', 'https://player.twitch.tv'],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        // Served over plain http on a LAN or localhost too: do not force https sub-requests.
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const headers = [...headersSetBy(securityHeaders, '/')];
  return { logRequest, headers };
}

function configureHttp(app: NestExpressApplication, config: AppConfig, logger: Logger): void {
  // TRUST_PROXY counts the proxies in front: the address that many hops back is the client's.
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  const server = app.getHttpServer();
  // A client gets HEADERS_TIMEOUT_MS to send its request's headers; its body has the body
  // parsers' own limits; an idle keep-alive connection closes after Node's 5 s.
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  if (config.trustProxy === 0) capConnectionsPerAddress(server, config.maxConnectionsPerAddress, logger);
  const { logRequest, headers } = httpEdge(logger);
  const compress = compression();
  const noop = () => {};
  // Every request, before its route: the log line and request id, the security headers, the
  // compression of its answer, and the refusal of an address no route has a use for. They work
  // on Node's request and response, so a route that streams on the raw response keeps them all.
  app.use((request: Request, response: Response, next: NextFunction) => {
    logRequest(request, response, noop);
    for (const [name, value] of headers) response.setHeader(name, value);
    compress(request, response, noop);
    next(unsafeAddressProblem(request.url) ?? undefined);
  });
  // The cached leaderboard is answered ahead of Express, with the same log line and headers.
  serveEarlyRoute(app.getHttpServer(), cachedLeaderboard(app.get(GetLeaderboardHandler)), {
    logRequest,
    logsAnswers: () => logger.isLevelEnabled('info'),
    identify: correlationIdOf,
    securityHeaders: new Map(headers),
  });
  // An import's file is the one large body: its own limits, as text. The admin key is checked
  // before it is read (the controller's guard checks it again), so no one else can make the server
  // take 32 MB; a refused request's connection is closed rather than its unread body drained. The
  // mount matches the route however its address is spelled (a trailing slash, another case).
  const adminKey = app.get(AdminKeyGuard);
  app.use(IMPORT_PATH, (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'POST') return next();
    adminKey.check(request, 'moderator').then(
      () => next(),
      (error: unknown) => {
        response.setHeader('Connection', 'close');
        next(error);
      },
    );
  });
  app.use(IMPORT_PATH, textBodies({ bytes: MAX_IMPORT_BYTES, ms: IMPORT_BODY_MAX_MS }));
  // A media upload is multipart: its own reader, after the editor key, up to 10 MB.
  app.use(MEDIA_UPLOAD_PATH, mediaUploadBodies(adminKey));
  // JSON bodies are read here and parsed after the route's guards (JsonBodyInterceptor).
  app.use(jsonBodies({ bytes: MAX_JSON_BYTES, ms: config.bodyTimeoutMs }));
  app.useGlobalFilters(new ApiExceptionFilter(logger));
  app.useGlobalInterceptors(new JsonBodyInterceptor(app.get(Reflector)), app.get(ReadYourWritesInterceptor));

  // The document is made from the contracts' schemas and operation lists (docs/api.md).
  SwaggerModule.setup('api/docs', app, buildOpenApiDocument() as unknown as OpenAPIObject, { jsonDocumentUrl: 'api/docs/openapi.json' });

  if (config.staticDir && fs.existsSync(path.join(config.staticDir, 'index.html'))) {
    const assetsDir = path.join(config.staticDir, 'assets');
    app.use('/assets', precompressedAssets(assetsDir));
    app.use('/assets', express.static(assetsDir, { immutable: true, maxAge: '365d', fallthrough: false }));
    // The build's other top-level files (the icon, the manifest), but never index.html as it is.
    app.use(express.static(config.staticDir, { index: false, maxAge: '1h' }));
    // Client-side routes: every other GET that is not the API gets the app shell, with the page's own head.
    app.use(appShell(path.join(config.staticDir, 'index.html'), app.get(PageHeads), config, logger));
  }
}
