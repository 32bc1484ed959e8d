import { podiumMedal } from '@team/contracts';
import { Panel } from '@/components/ui/Panel';
import { formatRatio } from '@/utils/format';
import { onActivationKey } from '@/utils/keyboard';
import { PodiumMedal } from './PodiumMedal';
import { BoardName, WinLoss, type BoardProps } from './ranking-cells';
import { TierBadge } from './TierBadge';

/** docs/product.md#constants-and-limits: the podium shows the top three. */
export const PODIUM_SIZE = 3;

export function LeaderboardPodium({ entries, suffixes, onSelect }: BoardProps) {
  return (
    <section className="podium" aria-label="Top 3">
      {entries.slice(0, PODIUM_SIZE).map((entry) => (
        <Panel
          as="div"
          key={entry.id}
          className={`podium-card podium-${podiumMedal(entry.rank) ?? 'none'}`}
          onClick={() => onSelect(entry.id)}
          role="button"
          tabIndex={0}
          onKeyDown={onActivationKey(() => onSelect(entry.id))}
        >
          <div className="podium-card-top">
            <PodiumMedal rank={entry.rank} />
            <span className="podium-rank">Rank #{entry.rank}</span>
            <TierBadge elo={entry.elo} rank={entry.rank} />
          </div>
          <div className="podium-elo">{entry.elo}</div>
          <div className="podium-elo-label muted">ELO</div>
          <div className="podium-username">
            <BoardName entry={entry} suffixes={suffixes} />
          </div>
          <div className="podium-stats">
            <span>
              <WinLoss entry={entry} />
            </span>
            <span>
              <span className="muted">K/D</span> {formatRatio(entry.kdRatio)}
            </span>
            <span>
              {entry.totalMatches} <span className="muted">{entry.totalMatches === 1 ? 'match' : 'matches'}</span>
            </span>
          </div>
        </Panel>
      ))}
    </section>
  );
}
