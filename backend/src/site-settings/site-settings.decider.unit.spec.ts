import { DEFAULT_SITE_SETTINGS } from '@team/contracts';
import { decide, evolve, siteSettingsDecider } from './site-settings.decider.js';

describe('site settings decider', () => {
  const fresh = siteSettingsDecider.initialState();

  it('records only the fields that change, with their previous values', () => {
    const events = decide({ type: 'ChangeSiteSettings', update: { teamName: 'Nova', tagline: DEFAULT_SITE_SETTINGS.tagline } }, fresh);
    expect(events).toEqual([{ type: 'SiteSettingsChanged', data: { changes: { teamName: 'Nova' }, previous: { teamName: 'Our Team' } } }]);
    expect(evolve(fresh, events[0]!).teamName).toBe('Nova');
  });

  it('appends nothing when nothing changes', () => {
    expect(decide({ type: 'ChangeSiteSettings', update: { teamName: 'Our Team', socials: {} } }, fresh)).toEqual([]);
  });

  it('stores the navigation with every built-in entry, and takes a list lacking one as equal to the complete one', () => {
    const update = { navigation: [{ kind: 'builtin' as const, id: 'roster' as const, hidden: true }] };
    const [event] = decide({ type: 'ChangeSiteSettings', update }, fresh);
    const navigation = event!.data.changes.navigation!;
    // Home, missing from the list, goes first (no entry of those before it is there); the others after Roster.
    expect(navigation.slice(0, 3)).toEqual([{ kind: 'builtin', id: 'home', hidden: false }, { kind: 'builtin', id: 'about', hidden: false }, { kind: 'builtin', id: 'roster', hidden: true }]);
    expect(navigation).toHaveLength(DEFAULT_SITE_SETTINGS.navigation.length);
    expect(decide({ type: 'ChangeSiteSettings', update }, evolve(fresh, event!))).toEqual([]);
  });
});
