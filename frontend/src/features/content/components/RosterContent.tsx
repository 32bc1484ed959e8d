import { ROSTER_FALLBACK_CARDS } from '@team/contracts';
import { useMemo } from 'react';
import { Panel } from '@/components/ui/Panel';
import { ShimmerLines } from '@/components/ui/Shimmer';
import { useGetPlayerCardsQuery } from '@/lib/player-cards';
import { useGetContentQuery } from '../api/get-content';
import { ContentSectionCard } from './ContentSectionCard';
import { PlaceholderCard } from './PlaceholderCard';
import { RosterPlayerCard } from './RosterPlayerCard';

export function RosterContent() {
  const { data: members = [], isLoading } = useGetContentQuery('roster');
  // One read for every card naming a tracker player; a card whose player is not on the board
  // (or while the read runs) shows as typed.
  const playerIds = useMemo(() => [...new Set(members.flatMap((member) => (member.playerId ? [member.playerId] : [])))], [members]);
  const { data: cards = [] } = useGetPlayerCardsQuery(playerIds, { skip: playerIds.length === 0 });
  const cardOf = (playerId: number | undefined) => (playerId ? cards.find((card) => card.id === playerId) : undefined);
  return (
    <div className="content-page">
      <h1 className="content-page-heading">Team Roster</h1>
      {isLoading ? (
        <div className="card-grid">
          {ROSTER_FALLBACK_CARDS.map((card) => (
            <Panel key={card.title}>
              <ShimmerLines lines={4} />
            </Panel>
          ))}
        </div>
      ) : (
        <div className="card-grid roster-grid">
          {members.length > 0
            ? members.map((member) => {
                const player = cardOf(member.playerId);
                return player ? <RosterPlayerCard key={member.id} section={member} player={player} /> : <ContentSectionCard key={member.id} section={member} />;
              })
            : ROSTER_FALLBACK_CARDS.map((card) => <PlaceholderCard key={card.title} {...card} />)}
        </div>
      )}
    </div>
  );
}
