import { lazy, Suspense, useRef } from 'react';
import type { PlayerProfileDialogProps } from './PlayerProfileDialog';

/** The dialog's code: one download, whether a shared link starts it with the app or a selection does. */
export const loadPlayerProfileDialog = () => import('./PlayerProfileDialog');

const PlayerProfileDialog = lazy(() => loadPlayerProfileDialog().then((module) => ({ default: module.PlayerProfileDialog })));

/**
 * The Player Profile dialog, downloaded when a player is first selected: the boards that
 * open it (leaderboard, dashboard, players) then start without the profile's code. The
 * dialog draws no antd; its admin controls bring antd's theme along when a moderator opens it.
 */
export function PlayerProfileDialogOnDemand(props: PlayerProfileDialogProps) {
  const wanted = useRef(false);
  if (props.playerId != null) wanted.current = true;
  if (!wanted.current) return null;
  return (
    <Suspense fallback={null}>
      <PlayerProfileDialog {...props} />
    </Suspense>
  );
}
