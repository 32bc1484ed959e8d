import { Panel } from '@/components/ui/Panel';
import { ShimmerLines } from '@/components/ui/Shimmer';
import { useGetContentQuery } from '../api/get-content';
import { ContentSectionCard } from './ContentSectionCard';
import { PlaceholderCard } from './PlaceholderCard';

const ROSTER_PLACEHOLDERS = [
  { title: 'Player 1', text: 'Roster spot to be announced.' },
  { title: 'Player 2', text: 'Roster spot to be announced.' },
  { title: 'Player 3', text: 'Roster spot to be announced.' },
];

export function RosterContent() {
  const { data: members = [], isLoading } = useGetContentQuery('roster');
  return (
    <div className="content-page">
      <h1 className="content-page-heading">Team Roster</h1>
      {isLoading ? (
        <div className="card-grid">
          {ROSTER_PLACEHOLDERS.map((card) => (
            <Panel key={card.title}>
              <ShimmerLines lines={4} />
            </Panel>
          ))}
        </div>
      ) : (
        <div className="card-grid roster-grid">
          {members.length > 0
            ? members.map((member) => <ContentSectionCard key={member.id} section={member} />)
            : ROSTER_PLACEHOLDERS.map((card) => <PlaceholderCard key={card.title} {...card} />)}
        </div>
      )}
    </div>
  );
}
