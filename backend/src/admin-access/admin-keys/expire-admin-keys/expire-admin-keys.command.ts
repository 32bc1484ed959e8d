import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { ADMIN_KEYS_STREAM, type EventStore } from '@team/contracts';
import { decideAndAppend } from '../../../shared/decide-and-append.js';
import { CLOCK, EVENT_STORE, LOGGER, type Clock } from '../../../infrastructure/tokens.js';
import { AdminKeyDirectory } from '../admin-key-directory.js';
import { adminKeysDecider } from '../admin-keys.decider.js';

/** How often each API process looks for keys past their expiry, to log their AdminKeyExpired. */
export const EXPIRY_SWEEP_MS = 60_000;

/** Log AdminKeyExpired for every active key past its expiry (a system event: no request made it). */
export class ExpireAdminKeysCommand extends Command<void> {}

@CommandHandler(ExpireAdminKeysCommand)
export class ExpireAdminKeysHandler implements ICommandHandler<ExpireAdminKeysCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly directory: AdminKeyDirectory,
  ) {}

  async execute(): Promise<void> {
    // Most sweeps find nothing due: the directory's fold says so without reading the stream whole.
    if (!(await this.directory.anyPastExpiry())) return;
    const now = this.clock();
    await decideAndAppend(this.store, ADMIN_KEYS_STREAM, adminKeysDecider, { kind: 'expire', now }, { correlationId: randomUUID(), actor: 'system', recordedAt: now });
    await this.directory.refresh();
  }
}

/** Runs the expiry sweep every EXPIRY_SWEEP_MS, and when a lookup meets a key past its expiry. */
@Injectable()
export class AdminKeyExpirySweep implements OnModuleInit, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly commands: CommandBus,
    private readonly directory: AdminKeyDirectory,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    const sweep = () => void this.commands.execute(new ExpireAdminKeysCommand()).catch((error: unknown) => this.logger.warn({ err: error }, 'admin key expiry sweep failed'));
    this.directory.onPastExpiry(sweep);
    this.timer = setInterval(sweep, EXPIRY_SWEEP_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
