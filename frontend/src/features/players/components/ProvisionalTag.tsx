import { isProvisional, PROVISIONAL_MATCHES } from '@team/contracts';
import './provisional-tag.css';

/** Why a rating is marked provisional: the tag's tooltip, and the note under a board that shows one. */
export const PROVISIONAL_EXPLANATION = `Fewer than ${PROVISIONAL_MATCHES} matches played: the rating is still settling. It counts like any other.`;

/**
 * "Provisional" beside a player with fewer than PROVISIONAL_MATCHES matches (docs/elo.md).
 * The tag sits inside clickable rows and cards, so it takes no focus of its own: a mouse gets
 * the explanation as a tooltip, a screen reader as words after the tag, and a phone (no hover)
 * from the board's ProvisionalNote.
 */
export function ProvisionalTag({ matches }: { matches: number }) {
  if (!isProvisional(matches)) return null;
  // A space before the tag, not a margin: a tag that wraps starts its line flush.
  return (
    <>
      {' '}
      <span className="provisional-tag" title={PROVISIONAL_EXPLANATION}>
        Provisional
      </span>
      <span className="sr-only">{` rating, fewer than ${PROVISIONAL_MATCHES} matches`}</span>
    </>
  );
}

/** The explanation in words under a board, shown when one of its players is provisional. */
export function ProvisionalNote({ players }: { players: readonly { totalMatches: number }[] }) {
  if (!players.some((player) => isProvisional(player.totalMatches))) return null;
  return (
    <p className="provisional-note">
      <span className="provisional-tag" aria-hidden>
        Provisional
      </span>{' '}
      {PROVISIONAL_EXPLANATION}
    </p>
  );
}
