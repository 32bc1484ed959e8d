import { summarizeEvent } from '../audit/event-summary.js';

describe('the audit line of a settings change', () => {
  it('names the fields that changed and the team name before and after', () => {
    const event = {
      type: 'SiteSettingsChanged',
      streamId: 'site-settings',
      data: { changes: { teamName: 'Nova', accentColor: '#2563eb' }, previous: { teamName: 'Our Team', accentColor: '#e11d48' } },
    };
    expect(summarizeEvent(event)).toBe('Site settings changed (teamName, accentColor): team name "Our Team" → "Nova"');
  });
});
