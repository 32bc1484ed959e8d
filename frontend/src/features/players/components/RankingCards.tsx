import { BoardName, KdRatio, RankLabel, rankingRowClass, WinLoss, type BoardProps } from './ranking-cells';
import { TierBadge } from './TierBadge';
import './ranking-cards.css';

/**
 * All Rankings on a phone: a card per player with the table's seven figures, ELO large on the
 * right of the name, the rest on a second line that wraps. Each card is one button that opens
 * the profile, as a table row does.
 */
export function RankingCards({ entries, suffixes, onSelect }: BoardProps) {
  return (
    <ol className="ranking-cards" aria-label="All Rankings">
      {entries.map((entry) => (
        <li key={entry.id} className={rankingRowClass(entry.rank)}>
          <button type="button" className="ranking-card" title="Open profile" onClick={() => onSelect(entry.id)}>
            <span className="ranking-card-rank">
              <RankLabel rank={entry.rank} />
            </span>
            <span className="ranking-card-player">
              <BoardName entry={entry} suffixes={suffixes} />
            </span>
            <span className="ranking-card-elo">
              <strong>{entry.elo}</strong> <span className="muted">ELO</span>
            </span>
            <span className="ranking-card-figures">
              <TierBadge elo={entry.elo} rank={entry.rank} />
              <span>
                <span className="muted">W/L</span> <WinLoss entry={entry} />
              </span>
              <span>
                <span className="muted">K/D</span> <KdRatio value={entry.kdRatio} />
              </span>
              <span>
                <span className="muted">Matches</span> {entry.totalMatches}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}
