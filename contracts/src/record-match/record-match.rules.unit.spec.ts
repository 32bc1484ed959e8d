import fc from 'fast-check';
import type { RecordMatchPlayer, RecordMatchRequest } from '../api/matches.js';
import { UNKNOWN_MODE_MESSAGE } from '../matches/match-limits.js';
import { MODES } from '../modes/modes.js';
import {
  DUPLICATE_DISCORD_ID_MESSAGE,
  RECORD_MATCH_ERRORS,
  RECORD_MATCH_FAILURE,
  RECORD_MATCH_SUCCESS,
  checkRecordMatchForm,
  statsAvailable,
} from './record-match.rules.js';
import { validateRecordMatch, type RecordMatchValidation } from './record-match.parse.js';

function p(discordId: string, username: string, stats: Partial<RecordMatchPlayer> = {}): RecordMatchPlayer {
  return { discordId, username, kills: 0, deaths: 0, assists: 0, score: 0, ...stats };
}

function request(team1: RecordMatchPlayer[], team2: RecordMatchPlayer[], rest: Partial<RecordMatchRequest> = {}): RecordMatchRequest {
  return { winningTeam: 'team1', team1, team2, ...rest };
}

const withKd = (kills: number, deaths: number) => ({ kills, deaths });

function failure(result: RecordMatchValidation): { error: string; details: string[] } {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result)}`);
  return result;
}

function success(result: RecordMatchValidation) {
  if (!result.ok) throw new Error(`expected success, got ${result.error} ${JSON.stringify(result.details)}`);
  return result;
}

describe('catalogued messages (docs/product.md#messages)', () => {
  it('are word for word', () => {
    expect(RECORD_MATCH_ERRORS).toEqual({
      missingIdentity: { title: 'Validation Error', message: 'All players must have a Discord ID and username.' },
      statsAllOrNone: {
        title: 'Incomplete K/D Stats',
        message: 'Either all players must have both kills and deaths, or leave K/D stats blank for everyone.',
      },
      statsKillsDeathsMismatch: {
        title: 'Incomplete K/D Stats',
        message:
          'If you enter kills for a player, you must also enter deaths (and vice versa). K/D stats must be complete for all players or omitted entirely.',
      },
    });
    expect(RECORD_MATCH_FAILURE).toEqual({ title: 'Error', fallbackMessage: 'Failed to record match' });
    expect(RECORD_MATCH_SUCCESS).toEqual({ title: 'Match Recorded', message: 'ELO ratings have been updated successfully' });
  });
});

describe('checkRecordMatchForm', () => {
  it('passes a match without K/D stats', () => {
    expect(checkRecordMatchForm(request([p('1', 'a', { score: 300 })], [p('2', 'b')]))).toBeNull();
  });

  it('passes a match with kills and deaths for everyone', () => {
    expect(checkRecordMatchForm(request([p('1', 'a', withKd(5, 3))], [p('2', 'b', withKd(3, 5))]))).toBeNull();
  });

  describe('rule 1: Discord ID and username', () => {
    it.each([
      ['a missing Discord ID', p('', 'a')],
      ['a missing username', p('1', '')],
      ['a blank username', p('1', '   ')],
    ])('blocks %s', (_, bad) => {
      expect(checkRecordMatchForm(request([p('9', 'z')], [bad]))).toEqual(RECORD_MATCH_ERRORS.missingIdentity);
    });

    it('comes before the K/D rules', () => {
      expect(checkRecordMatchForm(request([p('', 'a', withKd(5, 0))], [p('2', 'b')]))).toBe(
        RECORD_MATCH_ERRORS.missingIdentity,
      );
    });
  });

  describe('rule 2: K/D for everyone or for nobody', () => {
    it('blocks when some but not all players have kills or deaths above 0', () => {
      expect(checkRecordMatchForm(request([p('1', 'a', withKd(5, 3))], [p('2', 'b')]))).toBe(
        RECORD_MATCH_ERRORS.statsAllOrNone,
      );
    });

    it('counts deaths alone as having K/D', () => {
      expect(checkRecordMatchForm(request([p('1', 'a', withKd(0, 4)), p('3', 'c', withKd(2, 2))], [p('2', 'b')]))).toBe(
        RECORD_MATCH_ERRORS.statsAllOrNone,
      );
    });

    it('ignores assists and score', () => {
      expect(checkRecordMatchForm(request([p('1', 'a', { assists: 4, score: 900 })], [p('2', 'b')]))).toBeNull();
    });
  });

  describe('rule 3: as many players with kills as with deaths', () => {
    it('blocks kills without deaths when everyone has something', () => {
      expect(checkRecordMatchForm(request([p('1', 'a', withKd(5, 0))], [p('2', 'b', withKd(3, 4))]))).toBe(
        RECORD_MATCH_ERRORS.statsKillsDeathsMismatch,
      );
    });

    it('blocks deaths without kills when everyone has something', () => {
      expect(checkRecordMatchForm(request([p('1', 'a', withKd(5, 2))], [p('2', 'b', withKd(0, 4))]))).toBe(
        RECORD_MATCH_ERRORS.statsKillsDeathsMismatch,
      );
    });

    it('lets equal counts through, as docs/product.md#validation words it', () => {
      expect(checkRecordMatchForm(request([p('1', 'a', withKd(5, 0))], [p('2', 'b', withKd(0, 4))]))).toBeNull();
    });
  });

  it('agrees with the server check on every generated form', () => {
    const playerArb = fc.record({
      discordId: fc.constantFrom('', ' ', '1', '2', '3', '4'),
      username: fc.constantFrom('', 'ann', 'bob'),
      kills: fc.integer({ min: 0, max: 3 }),
      deaths: fc.integer({ min: 0, max: 3 }),
      assists: fc.integer({ min: 0, max: 3 }),
      score: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(
        fc.array(playerArb, { minLength: 1, maxLength: 4 }),
        fc.array(playerArb, { minLength: 1, maxLength: 4 }),
        (team1, team2) => {
          const form = request(team1, team2);
          const client = checkRecordMatchForm(form);
          const server = validateRecordMatch(form, MODES);
          if (client) expect(server).toMatchObject({ ok: false, error: client.message });
          else if (!server.ok) expect(server.error).toBe(DUPLICATE_DISCORD_ID_MESSAGE);
        },
      ),
    );
  });
});

describe('statsAvailable (rule 4)', () => {
  it('is true only when every player has kills or deaths above 0', () => {
    expect(statsAvailable([p('1', 'a', withKd(3, 1)), p('2', 'b', withKd(0, 2))])).toBe(true);
    expect(statsAvailable([p('1', 'a', withKd(3, 1)), p('2', 'b')])).toBe(false);
    expect(statsAvailable([p('1', 'a'), p('2', 'b')])).toBe(false);
  });

  it('is false for nobody', () => {
    expect(statsAvailable([])).toBe(false);
  });
});

describe('validateRecordMatch', () => {
  const valid = () => ({
    modeId: 1,
    winningTeam: 'team1',
    team1Score: 250,
    team2Score: 180,
    team1: [p('111', 'Ann', { kills: 20, deaths: 10, assists: 4, score: 3000, hardpointTime: 95 })],
    team2: [p('222', 'Bob', { kills: 10, deaths: 20, assists: 2, score: 1800, hardpointTime: 40 })],
  });

  it('accepts a full match and says stats are used and which mode', () => {
    const result = success(validateRecordMatch(valid(), MODES));
    expect(result.value).toEqual(valid());
    expect(result.statsUsed).toBe(true);
    expect(result.mode).toEqual(MODES[0]);
  });

  it('accepts a match without mode, scores or K/D, and does not use stats', () => {
    const result = success(
      validateRecordMatch({ winningTeam: 'team2', team1: [{ discordId: '1', username: 'a' }], team2: [p('2', 'b')] }, MODES),
    );
    expect(result.value).toEqual({
      modeId: null,
      winningTeam: 'team2',
      team1Score: null,
      team2Score: null,
      team1: [p('1', 'a')],
      team2: [p('2', 'b')],
    });
    expect(result.statsUsed).toBe(false);
    expect(result.mode).toBeNull();
  });

  it('trims names and keeps only known fields', () => {
    const body = { ...valid(), extra: 'x', team1: [{ ...valid().team1[0], discordId: ' 111 ', username: '  Ann ', admin: true }] };
    const result = success(validateRecordMatch(body, MODES));
    expect(result.value.team1[0]).toEqual(valid().team1[0]);
    expect(result.value).not.toHaveProperty('extra');
  });

  it('keeps mode stats only when given', () => {
    const result = success(validateRecordMatch(valid(), MODES));
    expect(result.value.team1[0]).not.toHaveProperty('captures');
    expect(result.value.team1[0]!.hardpointTime).toBe(95);
  });

  describe('shape and types', () => {
    it.each([null, 'match', 42, [], true])('refuses a body of %j', (body) => {
      expect(validateRecordMatch(body, MODES)).toEqual({
        ok: false,
        error: 'The match must be sent as a JSON object.',
        details: ['body: The match must be sent as a JSON object.'],
        problems: [{ path: 'body', message: 'The match must be sent as a JSON object.' }],
      });
    });

    it.each([undefined, 'team3', 'TEAM1', 1])('refuses winningTeam %j', (winningTeam) => {
      const result = failure(validateRecordMatch({ ...valid(), winningTeam }, MODES));
      expect(result.error).toBe('The winning team must be team1 or team2.');
      expect(result.details).toEqual(['winningTeam: The winning team must be team1 or team2.']);
    });

    it.each([7, 0, '1', 1.5, true])('refuses modeId %j as an unknown game mode', (modeId) => {
      const result = failure(validateRecordMatch({ ...valid(), modeId }, MODES));
      expect(result.error).toBe(UNKNOWN_MODE_MESSAGE);
      expect(result.details).toEqual([`modeId: ${UNKNOWN_MODE_MESSAGE}`]);
    });

    it('says "Unknown game mode"', () => {
      expect(UNKNOWN_MODE_MESSAGE).toBe('Unknown game mode');
    });

    it('accepts a null modeId as no mode', () => {
      expect(success(validateRecordMatch({ ...valid(), modeId: null, team1Score: null, team2Score: null }, MODES)).mode).toBeNull();
    });

    it('refuses a team that is not a list or is empty', () => {
      expect(failure(validateRecordMatch({ ...valid(), team1: 'Ann' }, MODES)).details).toEqual([
        'team1: Team 1 must be a list of players.',
      ]);
      expect(validateRecordMatch({ ...valid(), team2: [] }, MODES)).toEqual({
        ok: false,
        error: 'Team 2 needs at least one player.',
        details: ['team2: Team 2 needs at least one player.'],
        problems: [{ path: 'team2', message: 'Team 2 needs at least one player.' }],
      });
    });

    it('allows 25 players a side and refuses 26', () => {
      const team = (side: string, n: number) => Array.from({ length: n }, (_, i) => p(`${side}${i}`, `${side}${i}`));
      expect(validateRecordMatch({ winningTeam: 'team1', team1: team('a', 25), team2: team('b', 25) }, MODES).ok).toBe(true);
      const result = failure(validateRecordMatch({ winningTeam: 'team1', team1: team('a', 26), team2: team('b', 1) }, MODES));
      expect(result.details).toEqual(['team1: Team 1 can have at most 25 players.']);
    });

    it('refuses a player that is not an object', () => {
      const result = failure(validateRecordMatch({ ...valid(), team2: [null] }, MODES));
      expect(result.error).toBe('Team 2, player 1: Each player must be an object with a Discord ID, a username and stats.');
    });

    it('refuses names that are not text or are longer than 64 characters', () => {
      const result = failure(
        validateRecordMatch(
          { ...valid(), team1: [{ ...valid().team1[0], discordId: 111, username: 'x'.repeat(65) }] },
          MODES,
        ),
      );
      expect(result.error).toBe('Team 1, player 1: Discord ID must be text.');
      expect(result.details).toEqual([
        'team1[0].discordId: Discord ID must be text.',
        'team1[0].username: Username must be at most 64 characters.',
      ]);
    });

    it('accepts a 64-character name', () => {
      const name = 'x'.repeat(64);
      const body = { ...valid(), team1: [{ ...valid().team1[0], username: name }] };
      expect(success(validateRecordMatch(body, MODES)).value.team1[0]!.username).toBe(name);
    });

    it.each(['kills', 'deaths', 'assists', 'score', 'hardpointTime', 'captures', 'plantsDefuses'])(
      'refuses a negative, fractional, textual or huge %s',
      (field) => {
        for (const bad of [-1, 2.5, '3', 1_000_001, Number.NaN]) {
          const body = { ...valid(), team2: [{ ...valid().team2[0], [field]: bad }] };
          const result = failure(validateRecordMatch(body, MODES));
          expect(result.details).toEqual([expect.stringMatching(new RegExp(`^team2\\[0\\]\\.${field}: .* must be a whole number from 0 to 1,000,000\\.$`))]);
          expect(result.error).toMatch(/^Team 2, player 1: /);
        }
      },
    );

    it('accepts stats of exactly 0 and 1,000,000', () => {
      const body = { ...valid(), modeId: null, team2: [{ ...valid().team2[0], score: 1_000_000, assists: 0 }] };
      expect(validateRecordMatch(body, MODES).ok).toBe(true);
    });

    it.each([-1, 1.5, '250', 1_000_001])('refuses a team score of %j', (team1Score) => {
      const result = failure(validateRecordMatch({ ...valid(), team1Score }, MODES));
      expect(result.error).toBe("Team 1's score must be a whole number from 0 to 1,000,000.");
    });

    it('lists every problem found, the first one as the error', () => {
      const body = {
        winningTeam: 'nobody',
        team1: [{ discordId: '1', username: 'a', kills: -1 }],
        team2: [{ discordId: '', username: 'b', deaths: 'x' }],
      };
      const result = failure(validateRecordMatch(body, MODES));
      expect(result.error).toBe('The winning team must be team1 or team2.');
      expect(result.details).toEqual([
        'winningTeam: The winning team must be team1 or team2.',
        'team1[0].kills: Kills must be a whole number from 0 to 1,000,000.',
        'team2[0].deaths: Deaths must be a whole number from 0 to 1,000,000.',
        'team2[0].discordId: Discord ID is required.',
      ]);
    });
  });

  describe('SPEC rules with their catalogued messages', () => {
    it.each([
      [{ discordId: '' }, 'team2[0].discordId: Discord ID is required.'],
      [{ discordId: '   ' }, 'team2[0].discordId: Discord ID is required.'],
      [{ discordId: undefined }, 'team2[0].discordId: Discord ID is required.'],
      [{ username: null }, 'team2[0].username: Username is required.'],
    ])('rule 1 refuses %j', (change, detail) => {
      const result = failure(validateRecordMatch({ ...valid(), team2: [{ ...valid().team2[0], ...change }] }, MODES));
      expect(result.error).toBe(RECORD_MATCH_ERRORS.missingIdentity.message);
      expect(result.details).toEqual([detail]);
    });

    it('rule 2 refuses K/D for some players only and names the blank ones', () => {
      const body = { ...valid(), team1: [...valid().team1, p('333', 'Cy')] };
      const result = failure(validateRecordMatch(body, MODES));
      expect(result.error).toBe(RECORD_MATCH_ERRORS.statsAllOrNone.message);
      expect(result.details).toEqual(['team1[1]: Kills and deaths are blank while other players have K/D stats.']);
    });

    it('rule 3 refuses unequal counts of kills and deaths and names the incomplete players', () => {
      const body = { ...valid(), team2: [{ ...valid().team2[0], deaths: 0 }] };
      const result = failure(validateRecordMatch(body, MODES));
      expect(result.error).toBe(RECORD_MATCH_ERRORS.statsKillsDeathsMismatch.message);
      expect(result.details).toEqual(['team2[0].deaths: Kills are entered but deaths are not.']);
    });

    it('rules come in order: rule 1 before rule 2', () => {
      const body = { ...valid(), team1: [{ ...valid().team1[0], username: '' }, p('333', 'Cy')] };
      const result = failure(validateRecordMatch(body, MODES));
      expect(result.error).toBe(RECORD_MATCH_ERRORS.missingIdentity.message);
      expect(result.details).toHaveLength(2);
    });
  });

  describe('docs/product.md#players-and-merges rules', () => {
    it('refuses the same Discord ID twice in a match, even with different spacing', () => {
      const body = { ...valid(), team2: [{ ...valid().team2[0], discordId: ' 111' }] };
      const result = failure(validateRecordMatch(body, MODES));
      expect(result.error).toBe('The same Discord ID appears more than once in this match.');
      expect(result.details).toEqual(['team2[0].discordId: Discord ID 111 is already used by team1[0].']);
    });

    it('refuses a score above the mode limit and names the limit', () => {
      const result = failure(validateRecordMatch({ ...valid(), team1Score: 251 }, MODES));
      expect(result.error).toBe("Team 1's score of 251 is above the Hardpoint score limit of 250.");
      expect(result.details).toEqual(["team1Score: Team 1's score of 251 is above the Hardpoint score limit of 250."]);
    });

    it('accepts scores equal to the limit and 0', () => {
      expect(validateRecordMatch({ ...valid(), modeId: 3, team1Score: 6, team2Score: 0 }, MODES).ok).toBe(true);
    });

    it("refuses a winner's score below the loser's", () => {
      const result = failure(validateRecordMatch({ ...valid(), team1Score: 180, team2Score: 250 }, MODES));
      expect(result.error).toBe(
        "The winning team (Team 1) scored 180, less than the losing team's 250. Check the scores or the winner.",
      );
    });

    it('allows equal scores', () => {
      expect(validateRecordMatch({ ...valid(), team1Score: 200, team2Score: 200 }, MODES).ok).toBe(true);
    });

    it('allows a single score', () => {
      expect(validateRecordMatch({ ...valid(), team1Score: null, team2Score: 10 }, MODES).ok).toBe(true);
    });

    it('allows any whole scores without a mode limit, but still checks the winner', () => {
      const noMode = { ...valid(), modeId: null, team1Score: 9000, team2Score: 12 };
      expect(success(validateRecordMatch(noMode, MODES)).value.team1Score).toBe(9000);
      const result = failure(validateRecordMatch({ ...noMode, winningTeam: 'team2' }, MODES));
      expect(result.error).toMatch(/^The winning team \(Team 2\) scored 12/);
    });

    it('uses the limit of the modes passed in', () => {
      const modes = [{ id: 9, name: 'Kill Confirmed', description: 'x', scoreLimit: 75 }];
      expect(failure(validateRecordMatch({ ...valid(), modeId: 9, team1Score: 80, team2Score: 10 }, modes)).error).toBe(
        "Team 1's score of 80 is above the Kill Confirmed score limit of 75.",
      );
      expect(validateRecordMatch({ ...valid(), modeId: 9, team1Score: 75, team2Score: 10 }, modes).ok).toBe(true);
    });

    it('reports SPEC rules before duplicates and scores, listing all of them', () => {
      const body = {
        ...valid(),
        team1Score: 300,
        team1: [valid().team1[0], p('222', 'Bob again')],
      };
      const result = failure(validateRecordMatch(body, MODES));
      expect(result.error).toBe(RECORD_MATCH_ERRORS.statsAllOrNone.message);
      expect(result.details).toEqual([
        'team1[1]: Kills and deaths are blank while other players have K/D stats.',
        'team2[0].discordId: Discord ID 222 is already used by team1[1].',
        "team1Score: Team 1's score of 300 is above the Hardpoint score limit of 250.",
      ]);
    });
  });

  it('never throws and always answers one of the two shapes, whatever the body', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        const result = validateRecordMatch(body, MODES);
        if (!result.ok) {
          expect(typeof result.error).toBe('string');
          expect(result.error.length).toBeGreaterThan(0);
          expect(result.details.length).toBeGreaterThan(0);
        }
      }),
    );
  });
});
