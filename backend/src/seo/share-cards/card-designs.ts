import { TIERS, VENGEFUL_TIER, type TeamId } from '@team/contracts';
import { AVATAR_SIZE } from './card-avatars.js';
import { CARD_HEIGHT, CARD_WIDTH } from './card-size.js';
import type { CardChild, CardImage, CardNode } from './render-card.js';
import {
  cardDate,
  matchKind,
  record,
  signed,
  TEAM_LABELS,
  type CardLine,
  type MatchCard,
  type PlayerCard,
  type ShareCard,
  type SiteCard,
} from './share-card.js';

/**
 * The site's light theme (frontend/src/app/global.css and lib/palette.ts): the back end cannot
 * import the client, so the few colours a card uses are named again here.
 */
const PALETTE = {
  page: '#f5f6fa',
  surface: '#ffffff',
  border: '#e6e6e6',
  text: '#1f1f1f',
  muted: '#737373',
  accent: '#e11d48',
  accentText: '#be123c',
  accentSoft: '#fce8ed',
  win: '#15733a',
  loss: '#b91c1c',
};

/** Tier badge label colours on their 18% tint, or the gradient under white text (palette.ts, light theme). */
const TIER_LABELS: Record<string, { text: string } | { gradient: string }> = {
  Iron: { text: '#52525b' },
  Bronze: { text: '#7c4a1c' },
  Silver: { text: '#4b5563' },
  Gold: { text: '#745802' },
  Platinum: { text: '#0e6474' },
  Master: { gradient: 'linear-gradient(135deg, #9333ea 0%, #4f46e5 100%)' },
  Vengeful: { gradient: 'linear-gradient(135deg, #b91c1c 0%, #c2410c 50%, #6d28d9 100%)' },
};

/** Lines shown per team; the rest are counted ("+3 more"). */
const LINES_SHOWN = 5;

type Style = Record<string, string | number>;

function box(style: Style, ...children: CardChild[]): CardNode {
  return { type: 'div', props: { style: { display: 'flex', ...style }, children } };
}

/** One line of text that ends in an ellipsis where it does not fit. */
function text(style: Style, content: string): CardNode {
  return { type: 'div', props: { style: { display: 'flex', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', ...style }, children: content } };
}

/** The card's frame: the brand bar on the left, the site's name and a label on top, the body below. */
function frame(site: string, label: string, body: CardNode): CardNode {
  return box(
    { width: CARD_WIDTH, height: CARD_HEIGHT, background: PALETTE.page, color: PALETTE.text, fontSize: 28 },
    box({ width: 18, height: '100%', background: PALETTE.accent }),
    box(
      { flexDirection: 'column', flexGrow: 1, padding: '44px 56px 48px 52px' },
      box(
        { justifyContent: 'space-between', alignItems: 'center', fontSize: 26, color: PALETTE.muted },
        box(
          { alignItems: 'center' },
          text({ fontWeight: 700, color: PALETTE.accentText, letterSpacing: 1 }, site.toUpperCase()),
          text({ marginLeft: 14 }, '· ELO Tracker'),
        ),
        text({ maxWidth: 640 }, label),
      ),
      body,
    ),
  );
}

function badge(label: string, colours: { color: string; background: string; border?: string }): CardNode {
  return text(
    {
      padding: '6px 18px',
      borderRadius: 999,
      fontSize: 24,
      fontWeight: 700,
      color: colours.color,
      background: colours.background,
      border: `2px solid ${colours.border ?? colours.background}`,
    },
    label,
  );
}

function tierBadge(tier: string): CardNode {
  const label = TIER_LABELS[tier];
  const colour = [...TIERS, VENGEFUL_TIER].find((candidate) => candidate.name === tier)?.color ?? PALETTE.muted;
  if (label && 'gradient' in label) return badge(tier, { color: '#ffffff', background: label.gradient, border: colour });
  return badge(tier, { color: label?.text ?? PALETTE.text, background: `${colour}2e`, border: colour });
}

function teamColumn(card: MatchCard, team: TeamId, align: 'flex-start' | 'flex-end'): CardNode {
  const won = card.winner === team;
  const lines = card.teams[team];
  const row = (line: CardLine) =>
    box(
      { justifyContent: 'space-between', alignItems: 'center', height: 52, borderBottom: `1px solid ${PALETTE.border}` },
      text({ maxWidth: 270, fontSize: 30 }, line.name),
      text({ fontSize: 28, fontWeight: 700, color: line.change > 0 ? PALETTE.win : line.change < 0 ? PALETTE.loss : PALETTE.muted }, signed(line.change)),
    );
  return box(
    { flexDirection: 'column', width: 370 },
    box(
      { alignItems: 'center', justifyContent: align, marginBottom: 14, height: 48 },
      text({ fontSize: 30, fontWeight: 700, color: won ? PALETTE.win : PALETTE.text, marginRight: won ? 16 : 0 }, TEAM_LABELS[team].toUpperCase()),
      ...(won ? [badge('Winner', { color: '#ffffff', background: PALETTE.win })] : []),
    ),
    ...lines.slice(0, LINES_SHOWN).map(row),
    ...(lines.length > LINES_SHOWN ? [text({ marginTop: 10, color: PALETTE.muted, fontSize: 24 }, `+${lines.length - LINES_SHOWN} more`)] : []),
  );
}

function drawMatch(card: MatchCard): CardNode {
  const score = card.scores.team1 !== null && card.scores.team2 !== null ? `${card.scores.team1} – ${card.scores.team2}` : 'vs';
  return frame(
    card.site,
    `Match #${card.id} · ${cardDate(card.playedAt, card.locale)}`,
    box(
      { flexDirection: 'column', flexGrow: 1, marginTop: 26 },
      text({ fontSize: 30, color: PALETTE.muted }, matchKind(card)),
      box(
        { justifyContent: 'space-between', marginTop: 30, flexGrow: 1 },
        teamColumn(card, 'team1', 'flex-start'),
        box(
          { flexDirection: 'column', alignItems: 'center', flexGrow: 1, marginTop: 52 },
          text({ fontSize: score === 'vs' ? 52 : 56, fontWeight: 700, color: PALETTE.text }, score),
          ...(card.voided ? [box({ marginTop: 24 }, badge('Voided', { color: PALETTE.loss, background: PALETTE.surface, border: PALETTE.loss }))] : []),
        ),
        teamColumn(card, 'team2', 'flex-start'),
      ),
    ),
  );
}

function stat(value: string, label: string): CardNode {
  return box(
    { flexDirection: 'column', marginRight: 72 },
    text({ fontSize: 64, fontWeight: 700 }, value),
    text({ fontSize: 24, color: PALETTE.muted, letterSpacing: 1, marginTop: 4 }, label.toUpperCase()),
  );
}

/** The space between the avatar and the name beside it. */
const AVATAR_GAP = 40;

/** The avatar in a white ring, as the profile shows it: a circle of AVATAR_SIZE. */
function avatarCircle(src: string): CardNode {
  const image: CardImage = { type: 'img', props: { src, width: AVATAR_SIZE, height: AVATAR_SIZE, style: { borderRadius: AVATAR_SIZE / 2 } } };
  return box({ padding: 6, borderRadius: 999, background: PALETTE.surface, border: `1px solid ${PALETTE.border}`, flexShrink: 0 }, image);
}

/** The name and tier badge, with the avatar before them when the player has one (a PNG data: URL). */
function playerHeading(card: PlayerCard, avatar: string | null): CardNode[] {
  const width = 1060 - (avatar ? AVATAR_SIZE + 14 + AVATAR_GAP : 0);
  const heading = [text({ fontSize: 88, fontWeight: 700, maxWidth: width }, card.name), box({ marginTop: 22 }, tierBadge(card.tier))];
  if (!avatar) return heading;
  return [box({ alignItems: 'center' }, avatarCircle(avatar), box({ flexDirection: 'column', marginLeft: AVATAR_GAP }, ...heading))];
}

function drawPlayer(card: PlayerCard, avatar: string | null): CardNode {
  return frame(
    card.site,
    `Rank #${card.rank} of ${card.players}`,
    box(
      { flexDirection: 'column', flexGrow: 1, justifyContent: 'center' },
      ...playerHeading(card, avatar),
      box(
        { marginTop: 56, padding: '28px 36px', background: PALETTE.surface, border: `1px solid ${PALETTE.border}`, borderRadius: 20 },
        stat(String(card.elo), 'ELO rating'),
        stat(`#${card.rank}`, 'Rank'),
        stat(record(card).replace(/ /g, ''), 'Record'),
        stat(`${card.winRate.toFixed(1)}%`, 'Win rate'),
      ),
    ),
  );
}

function drawSite(card: SiteCard): CardNode {
  return frame(
    card.site,
    'Leaderboard · Matches · Players',
    box(
      { flexDirection: 'column', flexGrow: 1, justifyContent: 'center' },
      text({ fontSize: 120, fontWeight: 700, color: PALETTE.accentText }, card.name),
      { type: 'div', props: { style: { display: 'flex', fontSize: 36, color: PALETTE.muted, marginTop: 24, maxWidth: 980, lineHeight: 1.35 }, children: card.tagline } },
    ),
  );
}

/** The card's drawing, in satori's object syntax; `avatar` is a player's picture (a PNG data: URL), null for none. */
export function drawCard(card: ShareCard, avatar: string | null = null): CardNode {
  return card.kind === 'match' ? drawMatch(card) : card.kind === 'player' ? drawPlayer(card, avatar) : drawSite(card);
}
