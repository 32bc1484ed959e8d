import type { RecordMatchPlayer } from '@team/contracts';
import { newIdClash, newIdWarning } from '@/lib/new-id-clash';
import { useReviewPlayerLookupQuery } from '../api/review';
import { duplicateNameWarning, lookupText } from '../row-warnings';

/** One submitted player with the Record Match form's warnings: a new Discord ID under a known name, a name typed twice. */
export function SubmittedPlayerRow({ player, duplicateName }: { player: RecordMatchPlayer; duplicateName: boolean }) {
  const byId = lookupText(player.discordId);
  const byName = lookupText(player.username);
  const ids = useReviewPlayerLookupQuery(byId ?? '', { skip: byId === null });
  const names = useReviewPlayerLookupQuery(byName ?? '', { skip: byName === null });
  const clash = newIdClash(player.discordId, player.username, ids.data, names.data);
  const stats = [player.kills, player.deaths, player.assists].join(' / ');
  return (
    <li className="review-player">
      <span>
        <strong>{player.username}</strong> <span className="muted">({player.discordId})</span>
      </span>
      <span className="review-player-stats" aria-label="Kills, deaths, assists and score">
        K/D/A {stats} · Score {player.score}
      </span>
      {clash && <p className="review-warning">{newIdWarning(clash)}</p>}
      {duplicateName && <p className="review-warning">{duplicateNameWarning(player.username)}</p>}
    </li>
  );
}
