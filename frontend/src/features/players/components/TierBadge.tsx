import {
  CrownOutlined,
  FireOutlined,
  RocketOutlined,
  SafetyOutlined,
  StarOutlined,
  ThunderboltOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { tierFor } from '@team/contracts';
import type { ReactNode } from 'react';

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
 * A player's tier: icon, name, and the tier's colour or gradient (SPEC §3). `rank` is the
 * 1-based position in the ranking; ranks 1–5 are Vengeful whatever the ELO.
 */
export function TierBadge({ elo, rank }: { elo: number; rank: number | null | undefined }) {
  const tier = tierFor(elo, rank);
  return (
    <span
      className="tier-badge"
      data-tier={tier.name}
      style={{
        background: tier.gradient ?? `color-mix(in srgb, ${tier.color} 18%, transparent)`,
        color: tier.gradient ? '#fff' : tier.color,
        borderColor: tier.color,
      }}
    >
      <span aria-hidden>{TIER_ICONS[tier.name]}</span>
      {tier.name}
    </span>
  );
}
