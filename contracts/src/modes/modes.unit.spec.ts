import { MODES, MODE_STAT_LABELS, MODE_STAT_SHORT_LABELS, findMode, modeStatKey, modeStatLabel, modeStatValue } from './modes.js';

describe('MODES', () => {
  it('lists Hardpoint, Control and Search and Destroy with their ids and score limits', () => {
    expect(MODES.map(({ id, name, scoreLimit }) => ({ id, name, scoreLimit }))).toEqual([
      { id: 1, name: 'Hardpoint', scoreLimit: 250 },
      { id: 2, name: 'Control', scoreLimit: 3 },
      { id: 3, name: 'Search and Destroy', scoreLimit: 6 },
    ]);
  });

  it('gives each mode a one-sentence description', () => {
    for (const mode of MODES) {
      expect(mode.description).toMatch(/^[A-Z][^.!?]*[.!?]$/);
    }
  });
});

describe('modeStatKey', () => {
  it.each([
    ['Hardpoint', 'hardpointTime'],
    ['Control', 'captures'],
    ['Search and Destroy', 'plantsDefuses'],
    [' search AND destroy ', 'plantsDefuses'],
  ])('maps %j to %s', (name, key) => {
    expect(modeStatKey(name)).toBe(key);
  });

  it.each([null, undefined, '', 'Team Deathmatch', 'Hardpoint Pro'])('has no stat for %j', (name) => {
    expect(modeStatKey(name)).toBeNull();
  });
});

describe('mode stat labels', () => {
  it('labels the Record Match inputs as docs/product.md#screens-and-routes says', () => {
    expect(MODE_STAT_LABELS).toEqual({
      Hardpoint: 'Time (seconds)',
      Control: 'Captures',
      'Search and Destroy': 'Plants/Defuses',
    });
  });

  it('finds the label from any spelling of the mode name', () => {
    expect(modeStatLabel('search and destroy')).toBe('Plants/Defuses');
    expect(modeStatLabel('Hardpoint')).toBe('Time (seconds)');
    expect(modeStatLabel('Domination')).toBeNull();
    expect(modeStatLabel(null)).toBeNull();
  });

  it('can be indexed by a mode name read as a plain string', () => {
    const name: string = MODES[1]!.name;
    expect(MODE_STAT_LABELS[name]).toBe('Captures');
  });

  it('labels the history entries HP Time, Captures and P/D', () => {
    expect(MODE_STAT_SHORT_LABELS).toEqual({ hardpointTime: 'HP Time', captures: 'Captures', plantsDefuses: 'P/D' });
  });
});

describe('modeStatValue', () => {
  const player = { hardpointTime: 95, captures: 2, plantsDefuses: null };

  it("reads the stat of the mode and ignores the others", () => {
    expect(modeStatValue(player, 'Hardpoint')).toBe(95);
    expect(modeStatValue(player, 'Control')).toBe(2);
  });

  it('is null when the stat is missing or the mode tracks none', () => {
    expect(modeStatValue(player, 'Search and Destroy')).toBeNull();
    expect(modeStatValue({}, 'Hardpoint')).toBeNull();
    expect(modeStatValue(player, null)).toBeNull();
  });
});

describe('findMode', () => {
  it('finds a mode by id and answers null for none or an unknown id', () => {
    expect(findMode(MODES, 3)?.name).toBe('Search and Destroy');
    expect(findMode(MODES, 99)).toBeNull();
    expect(findMode(MODES, null)).toBeNull();
    expect(findMode(MODES, undefined)).toBeNull();
  });
});
