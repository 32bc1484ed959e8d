import { lazy, Suspense, useRef } from 'react';
import type { PlayerProfileDialogProps } from './PlayerProfileDialog';

const ToastBoundary = lazy(() => import('@/components/ui/ToastBoundary'));
const PlayerProfileDialog = lazy(() => import('./PlayerProfileDialog').then((module) => ({ default: module.PlayerProfileDialog })));

/**
 * The Player Profile dialog, downloaded when a player is first selected: the boards that
 * open it (leaderboard, dashboard, players) then start without the Modal's code. It
 * brings antd's theme and toasts (the admin's Void action) along, for the leaderboard,
 * which has neither. Once loaded it stays mounted, so closing plays the dialog's animation.
 */
export function PlayerProfileDialogOnDemand(props: PlayerProfileDialogProps) {
  const wanted = useRef(false);
  if (props.playerId != null) wanted.current = true;
  if (!wanted.current) return null;
  return (
    <Suspense fallback={null}>
      <ToastBoundary>
        <PlayerProfileDialog {...props} />
      </ToastBoundary>
    </Suspense>
  );
}
