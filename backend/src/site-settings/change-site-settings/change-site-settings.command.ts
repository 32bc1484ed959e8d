import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { checkWith, SITE_SETTINGS_STREAM, UpdateSiteSettingsSchema, type AppendContext, type EventStore, type SiteSettings } from '@team/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { decideAndAppend } from '../../shared/decide-and-append.js';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { siteSettingsDecider } from '../site-settings.decider.js';

export class ChangeSiteSettingsCommand extends Command<{ settings: SiteSettings; position: number }> {
  constructor(
    readonly body: unknown,
    readonly context: AppendContext,
  ) {
    super();
  }
}

/** PUT /api/admin/site: checks every given field, then appends one SiteSettingsChanged with those that differ. */
@CommandHandler(ChangeSiteSettingsCommand)
export class ChangeSiteSettingsHandler implements ICommandHandler<ChangeSiteSettingsCommand> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ body, context }: ChangeSiteSettingsCommand) {
    const checked = checkWith(UpdateSiteSettingsSchema, body);
    if (!checked.ok) {
      throw new InvalidInputError(checked.problems.length === 1 ? `The settings were not saved: ${checked.problems[0]}` : 'The settings were not saved: some fields are not valid.', checked.problems);
    }
    const update = checked.value as Partial<SiteSettings>;
    const { state, position } = await decideAndAppend(this.store, SITE_SETTINGS_STREAM, siteSettingsDecider, { type: 'ChangeSiteSettings', update }, context);
    return { settings: state, position };
  }
}
