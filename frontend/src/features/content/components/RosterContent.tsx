import { ROSTER_FALLBACK_CARDS } from '@team/contracts';
import { Panel } from '@/components/ui/Panel';
import { ShimmerLines } from '@/components/ui/Shimmer';
import { useGetContentQuery } from '../api/get-content';
import { ContentSectionCard } from './ContentSectionCard';
import { PlaceholderCard } from './PlaceholderCard';

export function RosterContent() {
  const { data: members = [], isLoading } = useGetContentQuery('roster');
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
            ? members.map((member) => <ContentSectionCard key={member.id} section={member} />)
            : ROSTER_FALLBACK_CARDS.map((card) => <PlaceholderCard key={card.title} {...card} />)}
        </div>
      )}
    </div>
  );
}
