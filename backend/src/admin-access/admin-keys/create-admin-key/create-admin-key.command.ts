import { randomBytes } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ADMIN_KEYS_STREAM, type AppendContext, type CreatedAdminKey, type EventStore } from '@team/contracts';
import { decideAndAppend } from '../../../shared/decide-and-append.js';
import { EVENT_STORE } from '../../../infrastructure/tokens.js';
import { AdminKeyDirectory } from '../admin-key-directory.js';
import { generateAdminKey, hashAdminKey } from '../admin-key-secret.js';
import { adminKeysDecider } from '../admin-keys.decider.js';
import type { CreateKeyInput } from './create-admin-key.body.js';

/** Make a named key: the key itself is answered once, and only its hash is kept. */
export class CreateAdminKeyCommand extends Command<CreatedAdminKey & { position: number }> {
  constructor(
    readonly input: CreateKeyInput,
    readonly context: AppendContext,
  ) {
    super();
  }
}

@CommandHandler(CreateAdminKeyCommand)
export class CreateAdminKeyHandler implements ICommandHandler<CreateAdminKeyCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly directory: AdminKeyDirectory,
  ) {}

  async execute({ input, context }: CreateAdminKeyCommand): Promise<CreatedAdminKey & { position: number }> {
    const key = generateAdminKey();
    const keyId = `k${randomBytes(5).toString('hex')}`;
    const { position } = await decideAndAppend(this.store, ADMIN_KEYS_STREAM, adminKeysDecider, { kind: 'create', input, keyId, keyHash: hashAdminKey(key) }, context);
    // Every lookup of this process sees the key from now on.
    const summary = await this.directory.summaryAfter(keyId);
    return { key, summary, position };
  }
}
