import pino, { type Logger } from 'pino';
import type { LoggerService } from '@nestjs/common';

export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'team-site' }, redact: ['req.headers["x-admin-key"]', 'req.headers.cookie'] });
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
