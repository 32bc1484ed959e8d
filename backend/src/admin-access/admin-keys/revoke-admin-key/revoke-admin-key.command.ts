import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ADMIN_KEYS_STREAM, type AdminKeySummary, type AppendContext, type EventStore } from '@team/contracts';
import { decideAndAppend } from '../../../shared/decide-and-append.js';
import { EVENT_STORE } from '../../../infrastructure/tokens.js';
import { AdminKeyDirectory } from '../admin-key-directory.js';
import { adminKeysDecider } from '../admin-keys.decider.js';

/** End a named key at once, in every API process (each one's lookup reads the stream first). */
export class RevokeAdminKeyCommand extends Command<{ summary: AdminKeySummary; position: number }> {
  constructor(
    readonly keyId: string,
    readonly context: AppendContext,
  ) {
    super();
  }
}

@CommandHandler(RevokeAdminKeyCommand)
export class RevokeAdminKeyHandler implements ICommandHandler<RevokeAdminKeyCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly directory: AdminKeyDirectory,
  ) {}

  async execute({ keyId, context }: RevokeAdminKeyCommand): Promise<{ summary: AdminKeySummary; position: number }> {
    const { position } = await decideAndAppend(this.store, ADMIN_KEYS_STREAM, adminKeysDecider, { kind: 'revoke', keyId }, context);
    return { summary: await this.directory.summaryAfter(keyId), position };
  }
}
