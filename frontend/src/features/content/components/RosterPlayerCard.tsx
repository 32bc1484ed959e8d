import type { ContentSection, PlayerCard } from '@team/contracts';
import { Link } from 'react-router-dom';
import { SocialLinks } from '@/components/players/SocialLinks';
import { Panel } from '@/components/ui/Panel';
import { RichText, richTextToPlain } from '@/components/ui/RichText';
import { playerPath } from '@/lib/paths';
import './roster-card.css';

/**
 * A roster card naming a tracker player (issue 42): the card's own title and text, with the
 * player's live ELO, tier and record from the board, the avatar and links a moderator set, and
 * the way to the full profile. The player's avatar stands in for the card's image when it has one.
 */
export function RosterPlayerCard({ section, player }: { section: ContentSection; player: PlayerCard }) {
  const name = richTextToPlain(section.title) || player.username;
  const image = player.avatarUrl ?? section.imageUrl;
  return (
    <Panel className="content-section-card roster-player-card" cover={image ? <img src={image} alt={name} className="content-section-image" /> : undefined}>
      <RichText as="h2" className="content-section-title" html={section.title} />
      <dl className="roster-player-line" aria-label={`${player.username} on the ELO tracker`}>
        <div>
          <dt>ELO</dt>
          <dd>{player.elo}</dd>
        </div>
        <div>
          <dt>Tier</dt>
          <dd>{player.tier}</dd>
        </div>
        <div>
          <dt>Record</dt>
          <dd>
            {player.wins}W – {player.losses}L
          </dd>
        </div>
      </dl>
      <RichText className="content-section-body" html={section.content} />
      <SocialLinks socials={player.socials} name={player.username} />
      <Link className="roster-player-profile" to={playerPath(player.id)}>
        View {player.username}&apos;s profile
      </Link>
    </Panel>
  );
}
