import { lazy, Suspense } from 'react';
import { readStoredAdminKey, sessionCovers, useStoredAdminSession } from '@/lib/admin-session';

// antd's theme and the void dialog are downloaded only for an admin whose role covers voids:
// the match page itself uses no antd.
const ThemedAntd = lazy(() => import('@/components/ui/ThemedAntd').then((module) => ({ default: module.ThemedAntd })));
const VoidMatchAction = lazy(() => import('./VoidMatchAction'));

export interface MatchPageVoidProps {
  matchId: number;
  /** A voided match shows its Voided badge instead. */
  voided: boolean;
}

/**
 * Void on the match page, for a stored key whose role covers corrections (a moderator's or
 * the owner's; the server checks the key again). Voiding refreshes the match, which then shows
 * its Voided badge and no longer this button.
 */
export function MatchPageVoid({ matchId, voided }: MatchPageVoidProps) {
  const mayVoid = !voided && readStoredAdminKey() !== null;
  const session = useStoredAdminSession(mayVoid);
  if (!mayVoid || !sessionCovers(session, 'moderator')) return null;
  return (
    <Suspense fallback={null}>
      <ThemedAntd>
        <VoidMatchAction matchId={matchId} size="middle" />
      </ThemedAntd>
    </Suspense>
  );
}
