import { describe, expect, it } from 'vitest';
import { nameSuffixes, suffixText, type NamedPlayer } from './player-names';

const player = (id: number, username: string, discordId: string): NamedPlayer => ({ id, username, discordId });

describe('nameSuffixes', () => {
  it('gives players who share a name, ignoring case and surrounding spaces, the last 4 of their Discord ID', () => {
    const suffixes = nameSuffixes([
      player(1, 'Shadow', '300000000000004821'),
      player(2, '  shadow ', '300000000000007310'),
      player(3, 'SHADOW', '300000000000000042'),
      player(4, 'Lone', '300000000000001111'),
    ]);
    expect([...suffixes]).toEqual([
      [1, '4821'],
      [2, '7310'],
      [3, '0042'],
    ]);
    expect(suffixText(suffixes.get(1)!)).toBe('·…4821');
  });

  it('gives none when every name is its own, nor to names that differ inside', () => {
    expect(nameSuffixes([player(1, 'Shadow', '1'), player(2, 'Sha dow', '2'), player(3, 'Shadow2', '3')]).size).toBe(0);
  });

  it('shows more of the IDs when their last 4 are alike', () => {
    const suffixes = nameSuffixes([player(1, 'Ace', '1114821'), player(2, 'ace', '2224821'), player(3, 'ACE', '3339999')]);
    expect([...suffixes.values()]).toEqual(['14821', '24821', '39999']);
  });

  it('counts an account listed twice once (a match may name it on two voided lines)', () => {
    expect(nameSuffixes([player(5, 'Vandal', '9994821'), player(5, 'Vandal', '9994821')]).size).toBe(0);
  });

  it('shows a short ID whole', () => {
    expect([...nameSuffixes([player(1, 'Ace', 'd1'), player(2, 'Ace', 'd2')]).values()]).toEqual(['d1', 'd2']);
  });
});
