import { lazy, Suspense, useRef } from 'react';
import type { PlayerProfileDialogProps } from './PlayerProfileDialog';

const ThemedAntd = lazy(() => import('@/components/ui/ThemedAntd').then((module) => ({ default: module.ThemedAntd })));
const PlayerProfileDialog = lazy(() => import('./PlayerProfileDialog').then((module) => ({ default: module.PlayerProfileDialog })));

/**
 * The Player Profile dialog, downloaded when a player is first selected: the boards that
 * open it (leaderboard, dashboard, players) then start without the Modal's code. It
 * brings antd's theme along, since the boards use no antd. Once loaded it stays mounted,
 * so closing plays the dialog's animation.
 */
export function PlayerProfileDialogOnDemand(props: PlayerProfileDialogProps) {
  const wanted = useRef(false);
  if (props.playerId != null) wanted.current = true;
  if (!wanted.current) return null;
  return (
    <Suspense fallback={null}>
      <ThemedAntd>
        <PlayerProfileDialog {...props} />
      </ThemedAntd>
    </Suspense>
  );
}
