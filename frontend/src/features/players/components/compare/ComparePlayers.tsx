import type { PlayerComparison } from '@team/contracts';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '@/components/ui/EmptyState';
import { Panel } from '@/components/ui/Panel';
import { ShimmerLines } from '@/components/ui/Shimmer';
import { serverErrorMessage } from '@/lib/api';
import { PlayerName, useNameSuffixes } from '@/lib/player-name';
import { useComparePlayersQuery } from '../../api/compare-players';
import { useGetPlayersQuery } from '../../api/get-players';
import { compareParam, type CompareParam } from '../../compare-link';
import { CompareChart } from './CompareChart';
import { CompareStats } from './CompareStats';
import { MatchesBetween } from './MatchesBetween';
import { PlayerPicker } from './PlayerPicker';
import './compare.css';

const idOf = (param: CompareParam) => (param.kind === 'id' ? param.id : null);

/** Why there is nothing to compare yet, or null when both players are chosen and differ. */
function notComparable(a: CompareParam, b: CompareParam): string | null {
  const invalid = [a, b].find((param) => param.kind === 'invalid');
  if (invalid?.kind === 'invalid') return `"${invalid.raw}" is not a player id. Choose the players again.`;
  if (a.kind === 'none' || b.kind === 'none') return a.kind === 'none' && b.kind === 'none' ? 'Choose two players to compare.' : 'Choose a second player to compare with.';
  if (idOf(a) === idOf(b)) return 'Choose two different players: a player cannot be compared with themselves.';
  return null;
}

function HeadToHeadRecord({ comparison, suffixes }: { comparison: PlayerComparison; suffixes: ReadonlyMap<number, string> }) {
  const { record, a, b } = comparison;
  return (
    <p className="compare-record" data-testid="compare-record">
      <span>
        <PlayerName player={a.player} suffixes={suffixes} />
      </span>
      <strong>{`${record.aWins} - ${record.bWins}`}</strong>
      <span>
        <PlayerName player={b.player} suffixes={suffixes} />
      </span>
      <span className="muted">{record.matches === 1 ? '1 match against each other' : `${record.matches} matches against each other`}</span>
    </p>
  );
}

/** The compare view (/tracker/compare?a=&b=): two pickers, then the two players side by side. The URL names both, so it can be shared. */
export function ComparePlayers() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [a, b] = [compareParam(searchParams, 'a'), compareParam(searchParams, 'b')];
  const { data: players } = useGetPlayersQuery();
  // Same-named players are told apart across the whole list the pickers search.
  const suffixes = useNameSuffixes(players);
  const problem = notComparable(a, b);
  const comparison = useComparePlayersQuery({ a: idOf(a) ?? 0, b: idOf(b) ?? 0 }, { skip: problem != null });

  const pick = (name: 'a' | 'b') => (playerId: number) => {
    const next = new URLSearchParams(searchParams);
    next.set(name, String(playerId));
    setSearchParams(next, { replace: true });
  };
  const known = (param: CompareParam) => players?.find((player) => player.id === idOf(param));

  return (
    <div className="compare">
      <div className="compare-pickers">
        <PlayerPicker label="Player A" players={players ?? []} chosen={known(a)} suffixes={suffixes} onPick={pick('a')} />
        <PlayerPicker label="Player B" players={players ?? []} chosen={known(b)} suffixes={suffixes} onPick={pick('b')} />
      </div>
      {problem ? (
        <Panel className="compare-message">
          <EmptyState description={problem} />
        </Panel>
      ) : comparison.isError ? (
        <Panel className="compare-message">
          <EmptyState description={serverErrorMessage(comparison.error, 'The comparison could not be loaded.')} />
        </Panel>
      ) : !comparison.data ? (
        <Panel>
          <ShimmerLines lines={6} />
        </Panel>
      ) : (
        <>
          <Panel title="Side by Side">
            <CompareStats a={comparison.data.a.player} b={comparison.data.b.player} suffixes={suffixes} />
          </Panel>
          <Panel title="Rating History">
            <CompareChart comparison={comparison.data} />
          </Panel>
          <Panel title="Head-to-Head">
            <HeadToHeadRecord comparison={comparison.data} suffixes={suffixes} />
            <MatchesBetween comparison={comparison.data} />
          </Panel>
        </>
      )}
    </div>
  );
}
