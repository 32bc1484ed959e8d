import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { TooManyRequestsError } from '../shared/domain-errors.js';
import { PUBLIC_WRITE_LIMITER } from '../infrastructure/tokens.js';
import { clientBudgetKey, type WebRequest } from './request-facts.js';
import type { AddressBudget } from './rate-limiter.js';

/**
 * Rate limits writes anyone may make (recording a match) per address (per /64 for IPv6),
 * with one budget shared by every API process.
 */
@Injectable()
export class PublicWriteGuard implements CanActivate {
  constructor(@Inject(PUBLIC_WRITE_LIMITER) private readonly limiter: AddressBudget) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const wait = await this.limiter.hit(clientBudgetKey(context.switchToHttp().getRequest<WebRequest>()));
    if (wait > 0) {
      throw new TooManyRequestsError(`Too many submissions from your address. Try again in ${wait} seconds.`, wait);
    }
    return true;
  }
}
