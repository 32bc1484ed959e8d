import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Actor, AppendContext } from '@team/contracts';
import { CLOCK, FINGERPRINT_SECRET, type Clock } from '../infrastructure/tokens.js';
import { adminKeyOf, clientAddress, clientCorrelationIdOf, correlationIdOf, type WebRequest } from './request-facts.js';

/** Builds the audit facts (who, when, which request) every append of a request carries. */
@Injectable()
export class AuditContextFactory {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(FINGERPRINT_SECRET) private readonly secret: Buffer | string,
  ) {}

  /** A keyed hash of the caller's address: groups one caller's actions without storing the address. */
  fingerprint(request: WebRequest): string {
    return createHmac('sha256', this.secret).update(clientAddress(request)).digest('hex').slice(0, 16);
  }

  contextFor(request: WebRequest, actor: Actor): AppendContext {
    const clientCorrelationId = clientCorrelationIdOf(request);
    const key = adminKeyOf(request);
    return {
      ...(key ? { adminKey: { id: key.id, name: key.name } } : {}),
      correlationId: correlationIdOf(request),
      ...(clientCorrelationId ? { clientCorrelationId } : {}),
      actor,
      fingerprint: this.fingerprint(request),
      recordedAt: this.clock(),
    };
  }
}
