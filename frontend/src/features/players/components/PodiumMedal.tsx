import { TrophyFilled } from '@/components/ui/icons/TrophyFilled';
import { podiumMedal } from '@team/contracts';

const MEDAL_LABELS = { gold: '1st place', silver: '2nd place', bronze: '3rd place' } as const;

/** Gold, silver and bronze badges of ranks 1–3 (docs/product.md#entities); nothing for other ranks. */
export function PodiumMedal({ rank }: { rank: number }) {
  const medal = podiumMedal(rank);
  if (!medal) return null;
  return (
    <span className={`podium-medal podium-medal-${medal}`} data-medal={medal} aria-label={MEDAL_LABELS[medal]} role="img">
      <TrophyFilled />
    </span>
  );
}
