import {
  completeNavigation,
  DEFAULT_SITE_SETTINGS,
  SITE_SETTING_FIELDS,
  type SiteSettingField,
  type SiteSettings,
  type SiteSettingsEvent,
} from '@team/contracts';
import type { Decider } from '../shared/decide-and-append.js';

/** The site's settings as its stream has made them: the defaults, then every change in turn. */
export type SiteSettingsState = SiteSettings;

/** Fields already checked (UpdateSiteSettingsSchema): only those given are to change. */
export type ChangeSiteSettings = { type: 'ChangeSiteSettings'; update: Partial<SiteSettings> };

export function evolve(state: SiteSettingsState, event: SiteSettingsEvent): SiteSettingsState {
  return { ...state, ...event.data.changes };
}

/** Navigation lists compare with every built-in entry in place, so a list saved before Schedule existed equals itself with it. */
function comparable(field: SiteSettingField, value: unknown): string {
  return JSON.stringify(field === 'navigation' ? completeNavigation(value as SiteSettings['navigation']) : value);
}

/** One SiteSettingsChanged with the fields whose values differ, and what they were; nothing when none does. */
export function decide(command: ChangeSiteSettings, state: SiteSettingsState): SiteSettingsEvent[] {
  const changes: Partial<Record<SiteSettingField, unknown>> = {};
  const previous: Partial<Record<SiteSettingField, unknown>> = {};
  for (const field of SITE_SETTING_FIELDS) {
    if (!(field in command.update)) continue;
    const next = field === 'navigation' ? completeNavigation(command.update.navigation!) : command.update[field];
    if (comparable(field, next) === comparable(field, state[field])) continue;
    changes[field] = next;
    previous[field] = state[field];
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'SiteSettingsChanged', data: { changes, previous } as SiteSettingsEvent['data'] }];
}

export const siteSettingsDecider: Decider<SiteSettingsState, ChangeSiteSettings, SiteSettingsEvent> = {
  initialState: () => ({ ...DEFAULT_SITE_SETTINGS }),
  evolve,
  decide,
};
