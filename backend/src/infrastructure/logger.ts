import pino, { type Logger } from 'pino';
import type { LoggerService } from '@nestjs/common';

/** The process's logger; `destination` (stdout by default) lets a test read the lines as written. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = { level, base: { service: 'team-site' }, redact: ['req.headers["x-admin-key"]', 'req.headers.cookie'] };
  return destination ? pino(options, destination) : pino(options);
}

/** Nest's own messages (startup, route mapping) go through the same structured log. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
