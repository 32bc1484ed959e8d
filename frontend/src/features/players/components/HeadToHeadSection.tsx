import type { HeadToHeadEntry } from '@team/contracts';
import { Link } from 'react-router-dom';
import { plainButtonClass } from '@/components/ui/PlainButton';
import { ShimmerLines } from '@/components/ui/Shimmer';
import { formatRecord } from '@/utils/format';
import { useGetHeadToHeadQuery } from '../api/get-head-to-head';
import { compareLink } from '../compare-link';
import './head-to-head.css';

interface PeopleListProps {
  title: string;
  /** How a record reads to a screen reader: "against" an opponent, "together" with a teammate. */
  recordLabel: string;
  entries: HeadToHeadEntry[];
  empty: string;
  onOpenPlayer: (playerId: number) => void;
}

function PeopleList({ title, recordLabel, entries, empty, onOpenPlayer }: PeopleListProps) {
  return (
    <div className="head-to-head-list">
      <h4>{title}</h4>
      {entries.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul aria-label={title}>
          {entries.map((entry) => (
            <li key={entry.player.id} data-testid="head-to-head-entry">
              <button type="button" className="player-link" onClick={() => onOpenPlayer(entry.player.id)}>
                {entry.player.username}
              </button>
              <span className="head-to-head-matches muted">{entry.matches === 1 ? '1 match' : `${entry.matches} matches`}</span>
              <span className="head-to-head-record">
                <span aria-hidden>{formatRecord(entry.wins, entry.losses)}</span>
                <span className="sr-only">{`${entry.wins} wins, ${entry.losses} losses ${recordLabel}`}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The profile's Head-to-Head: the opponents met most (W-L against each) and the teammates
 * played with most (the record together); a name opens that player's profile, and Compare
 * leads to the compare view with this player chosen.
 */
export function HeadToHeadSection({ playerId, onOpenPlayer }: { playerId: number; onOpenPlayer: (playerId: number) => void }) {
  const { data, isError } = useGetHeadToHeadQuery(playerId);
  return (
    <section className="head-to-head" aria-labelledby="head-to-head-title">
      <div className="head-to-head-header">
        <h3 id="head-to-head-title">Head-to-Head</h3>
        <Link to={compareLink(playerId, null)} className={plainButtonClass('outline')}>
          Compare
        </Link>
      </div>
      {isError ? (
        <p className="muted">Head-to-head could not be loaded.</p>
      ) : !data ? (
        <ShimmerLines lines={3} />
      ) : (
        <div className="head-to-head-lists">
          <PeopleList title="Top Opponents" recordLabel="against" entries={data.opponents} empty="No opponents yet" onOpenPlayer={onOpenPlayer} />
          <PeopleList title="Top Teammates" recordLabel="together" entries={data.teammates} empty="No teammates yet" onOpenPlayer={onOpenPlayer} />
        </div>
      )}
    </section>
  );
}
