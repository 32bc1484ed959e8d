import { InvalidInputError } from '../../../shared/domain-errors.js';
import type { LadderRepository } from '../../../ladder/runtime/ladder.repository.js';

/**
 * A roster card may name only a player the ladder knows. Asked of the ladder's own state (the
 * write side, caught up with its stream), never of a read table, as commands decide.
 */
export async function checkRosterPlayer(ladder: LadderRepository, playerId: number | null | undefined): Promise<void> {
  if (playerId == null) return;
  const known = await ladder.read((state) => state.players.has(playerId));
  if (!known) throw new InvalidInputError('The content section is not valid', [`playerId must be a tracker player's ID: no player has the ID ${playerId}`]);
}
