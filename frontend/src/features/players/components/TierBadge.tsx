import { CrownOutlined } from '@/components/ui/icons/CrownOutlined';
import { FireOutlined } from '@/components/ui/icons/FireOutlined';
import { RocketOutlined } from '@/components/ui/icons/RocketOutlined';
import { SafetyOutlined } from '@/components/ui/icons/SafetyOutlined';
import { StarOutlined } from '@/components/ui/icons/StarOutlined';
import { ThunderboltOutlined } from '@/components/ui/icons/ThunderboltOutlined';
import { TrophyOutlined } from '@/components/ui/icons/TrophyOutlined';
import { tierFor } from '@team/contracts';
import type { CSSProperties, ReactNode } from 'react';
import { TIER_BADGE_COLOURS } from '@/lib/palette';

const TIER_ICONS: Record<string, ReactNode> = {
  Iron: <SafetyOutlined />,
  Bronze: <StarOutlined />,
  Silver: <ThunderboltOutlined />,
  Gold: <TrophyOutlined />,
  Platinum: <RocketOutlined />,
  Master: <CrownOutlined />,
  Vengeful: <FireOutlined />,
};

/**
 * A player's tier: icon, name, and the tier's colour or gradient (docs/product.md#entities). `rank` is the
 * 1-based position in the ranking; ranks 1–5 are Vengeful whatever the ELO.
 */
export function TierBadge({ elo, rank }: { elo: number; rank: number | null | undefined }) {
  const tier = tierFor(elo, rank);
  const colours = TIER_BADGE_COLOURS[tier.name];
  const gradient = colours?.gradient ?? tier.gradient;
  // The label's shade for each theme goes in as variables; global.css picks the theme's one.
  const style = {
    background: gradient ?? `color-mix(in srgb, ${tier.color} 18%, transparent)`,
    borderColor: tier.color,
    '--tier-text-light': gradient ? '#fff' : (colours?.text?.light ?? tier.color),
    '--tier-text-dark': gradient ? '#fff' : (colours?.text?.dark ?? tier.color),
  } as CSSProperties;
  return (
    <span className="tier-badge" data-tier={tier.name} style={style}>
      <span aria-hidden>{TIER_ICONS[tier.name]}</span>
      {tier.name}
    </span>
  );
}
