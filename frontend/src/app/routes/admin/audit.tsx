import { PastProfileDialogSlot, type PastProfileProps } from '@/components/ui/player-profile-slot';
import AuditPage from '@/features/admin/audit/AuditPage';
import { PlayerProfileDialog } from '@/features/players/components/PlayerProfileDialog';

function PastProfileDialog({ playerId, asOf, onClose }: PastProfileProps) {
  return <PlayerProfileDialog playerId={playerId} asOf={asOf} onClose={onClose} showMatchDetails />;
}

/** The Audit screen, with the players' profile dialog for its time travel. */
export default function AuditRoute() {
  return (
    <PastProfileDialogSlot.Provider value={PastProfileDialog}>
      <AuditPage />
    </PastProfileDialogSlot.Provider>
  );
}
