import { createHmac, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { Actor, AppendContext } from '@team/contracts';
import { CLOCK, FINGERPRINT_SECRET, type Clock } from '../infrastructure/tokens.js';

export function clientAddress(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}

/** Builds the audit facts (who, when, which request) every append of a request carries. */
@Injectable()
export class AuditContextFactory {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(FINGERPRINT_SECRET) private readonly secret: string,
  ) {}

  /** A keyed hash of the caller's address: groups one caller's actions without storing the address. */
  fingerprint(request: Request): string {
    return createHmac('sha256', this.secret).update(clientAddress(request)).digest('hex').slice(0, 16);
  }

  contextFor(request: Request, actor: Actor): AppendContext {
    const header = request.header('x-correlation-id');
    const correlationId = header && /^[\w.-]{1,100}$/.test(header) ? header : randomUUID();
    return { correlationId, actor, fingerprint: this.fingerprint(request), recordedAt: this.clock() };
  }
}
