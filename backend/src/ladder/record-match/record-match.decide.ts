import {
  computeEloChanges,
  type LadderEvent,
  type MatchParticipantRecorded,
  type Mode,
  modeStatValue,
  type PoolId,
  type RecordMatchRequest,
  START_RATING,
  type TeamId,
} from '@team/contracts';
import { ConflictError, InvalidInputError } from '../../shared/domain-errors.js';
import { DEFAULT_IDEMPOTENCY_WINDOW_MS } from '../idempotency-window.js';
import { type DecideContext, type LadderState } from '../ladder.state.js';
import { toPoolKey } from '../pool-key.js';

export interface RecordMatch {
  type: 'RecordMatch';
  /** Validated by validateRecordMatch. */
  request: RecordMatchRequest;
  mode: Mode | null;
  statsUsed: boolean;
  idempotencyKey: string | null;
  requestHash: string | null;
  /** Older history imported as backdated: when it was played (ISO); null for a match played now. */
  playedAt?: string | null;
}

/**
 * Recording a match (docs/elo.md): known Discord IDs (aliases of merged accounts included)
 * resolve to their player, unknown ones create players with the next ids; the ratings move in
 * the match's pool. A repeated Idempotency-Key within its window appends nothing.
 */
export function decideRecordMatch(
  command: RecordMatch,
  state: LadderState,
  { now, idempotencyWindowMs = DEFAULT_IDEMPOTENCY_WINDOW_MS }: DecideContext,
): LadderEvent[] {
  if (command.idempotencyKey !== null) {
    const prior = state.answers.get(command.idempotencyKey);
    // Past the window a key is forgotten: the request is a new match, whatever it asks.
    if (prior && prior.recordedAt > now.getTime() - idempotencyWindowMs) {
      if (prior.requestHash !== command.requestHash) {
        throw new ConflictError('This Idempotency-Key was already used for a different match. Use a new key for a new match.');
      }
      // A repeat: the first answer stands and nothing is appended.
      return [];
    }
  }

  const { request, mode, statsUsed } = command;
  const pool: PoolId = mode ? mode.id : 'overall';
  const poolKey = toPoolKey(pool);
  let nextPlayerId = state.nextPlayerId;
  const entries = [
    ...request.team1.map((player) => ({ team: 'team1' as TeamId, player })),
    ...request.team2.map((player) => ({ team: 'team2' as TeamId, player })),
  ].map(({ team, player }) => {
    const knownId = state.playerIdByDiscordId.get(player.discordId);
    const known = knownId === undefined ? undefined : state.players.get(knownId);
    return {
      team,
      player,
      playerId: knownId ?? nextPlayerId++,
      newPlayer: knownId === undefined,
      rating: known?.ratings.get(poolKey) ?? START_RATING,
    };
  });

  // Two different Discord IDs can still be one player once accounts were merged.
  const seen = new Map<number, string>();
  for (const entry of entries) {
    const earlier = seen.get(entry.playerId);
    if (earlier !== undefined) {
      const owner = state.players.get(entry.playerId)!;
      throw new InvalidInputError(
        `Discord IDs ${earlier} and ${entry.player.discordId} belong to the same player (${owner.username}, merged accounts).`,
        [`${earlier} and ${entry.player.discordId} both resolve to player ${owner.id}.`],
      );
    }
    seen.set(entry.playerId, entry.player.discordId);
  }

  const changes = computeEloChanges({
    winningTeam: request.winningTeam,
    team1Score: request.team1Score ?? null,
    team2Score: request.team2Score ?? null,
    scoreLimit: mode?.scoreLimit ?? null,
    statsUsed,
    participants: entries.map((entry, i) => ({
      key: i,
      team: entry.team,
      rating: entry.rating,
      kills: entry.player.kills,
      deaths: entry.player.deaths,
      assists: entry.player.assists,
      score: entry.player.score,
      modeStat: mode ? modeStatValue(entry.player, mode.name) : null,
    })),
  });

  const participants = entries.map((entry, i): MatchParticipantRecorded => {
    const change = changes[i]!;
    const p = entry.player;
    return {
      playerId: entry.playerId,
      newPlayer: entry.newPlayer,
      discordId: p.discordId,
      username: p.username,
      team: entry.team,
      won: entry.team === request.winningTeam,
      kills: statsUsed ? p.kills : null,
      deaths: statsUsed ? p.deaths : null,
      assists: p.assists,
      score: p.score,
      hardpointTime: p.hardpointTime ?? null,
      captures: p.captures ?? null,
      plantsDefuses: p.plantsDefuses ?? null,
      ratingBefore: change.ratingBefore,
      ratingChange: change.ratingChange,
      ratingAfter: change.ratingAfter,
    };
  });

  return [
    {
      type: 'MatchRecorded',
      data: {
        matchId: state.nextMatchId,
        recordedAt: now.toISOString(),
        mode: mode ? { id: mode.id, name: mode.name, scoreLimit: mode.scoreLimit ?? null } : null,
        pool,
        winningTeam: request.winningTeam,
        team1Score: request.team1Score ?? null,
        team2Score: request.team2Score ?? null,
        statsUsed,
        idempotencyKey: command.idempotencyKey,
        requestHash: command.requestHash,
        participants,
        // Only when named: an absent map is "no map", as in every event from before maps existed.
        ...(request.map ? { map: request.map } : {}),
        ...(command.playedAt ? { playedAt: command.playedAt } : {}),
      },
    },
  ];
}
