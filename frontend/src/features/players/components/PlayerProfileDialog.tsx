import { Modal, Skeleton } from 'antd';
import { rankPlayers, type PlayerMatchRecord } from '@team/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { CopyLinkButton } from '@/components/ui/CopyLinkButton';
import { readStoredAdminKey, sessionCovers, useStoredAdminSession } from '@/lib/admin-session';
import { playerPath } from '@/lib/paths';
import { useGetPlayersQuery } from '../api/get-players';
import { usePlayerMatchHistory } from '../api/get-player-matches';
import { HeadToHeadSection } from './HeadToHeadSection';
import { MatchHistoryList } from './MatchHistoryList';
import { PlayerSeasonsSection } from './PlayerSeasonsSection';
import { PlayerStatsGrid } from './PlayerStatsGrid';
import { TierBadge } from './TierBadge';

const EloHistoryChart = lazy(() => import('./EloHistoryChart'));
// Admin only, and only downloaded when a stored key's role covers them.
const VoidMatchAction = lazy(() => import('@/components/corrections/VoidMatchAction'));
const RenamePlayerAction = lazy(() => import('@/components/corrections/RenamePlayerAction'));
const MergedAccounts = lazy(() => import('./MergedAccounts'));

function renderVoidAction(record: PlayerMatchRecord) {
  return (
    <Suspense fallback={null}>
      <VoidMatchAction matchId={record.match.id} buttonType="link" />
    </Suspense>
  );
}

export interface PlayerProfileDialogProps {
  /** The selected player; the dialog is open while it is set. */
  playerId: number | null;
  /** Dismissing clears the selection (SPEC §4). */
  onClose: () => void;
  /** Per-match K/D and mode stats in the history (the Players screen's variant). */
  showMatchDetails?: boolean;
  /** Time travel (the Audit screen): the profile as the log stood at this position; read-only. */
  asOf?: number | null;
}

export function PlayerProfileDialog({ playerId: selectedId, onClose, showMatchDetails = false, asOf = null }: PlayerProfileDialogProps) {
  const open = selectedId != null;
  // A name in the head-to-head opens that player's profile in this dialog, until the screen
  // selects another player or the dialog closes.
  const [followed, setFollowed] = useState<{ from: number; to: number } | null>(null);
  if (followed && selectedId == null) setFollowed(null);
  const playerId = followed && followed.from === selectedId ? followed.to : selectedId;
  const { data: players, isLoading: playersLoading } = useGetPlayersQuery(asOf ?? undefined, { skip: !open });
  const history = usePlayerMatchHistory(playerId, asOf);
  // The server checks the key; a stored one whose role covers the corrections (void, rename,
  // revert a merge: the moderator's) only decides whether the admin controls show. The past is
  // read-only: corrections apply to the ladder as it is now.
  const mayCorrect = open && asOf == null && readStoredAdminKey() !== null;
  const isAdmin = sessionCovers(useStoredAdminSession(mayCorrect), 'moderator') && mayCorrect;

  // The badge's rank is the player's place in the whole list sorted by ELO (SPEC §2).
  const player = useMemo(
    () => (players && open ? rankPlayers(players).find((candidate) => candidate.id === playerId) : undefined),
    [players, playerId, open],
  );

  const title = player ? (
    <div className="profile-header">
      <div>
        {/* The dialog's heading, under the screen's h1: its sections (Seasons, Head-to-head) are h3s. */}
        <div className="profile-username-row">
          <h2 className="profile-username">{player.username}</h2>
          {isAdmin && (
            <Suspense fallback={null}>
              <RenamePlayerAction playerId={player.id} username={player.username} />
            </Suspense>
          )}
        </div>
        <div className="muted profile-discord">Discord ID: {player.discordId}</div>
        {asOf != null && <div className="muted profile-discord">As of log position {asOf}</div>}
        {/* The profile as it is now has an address to share; a past one (the Audit screen's) has none. */}
        {asOf == null && (
          <div className="profile-share">
            <CopyLinkButton path={playerPath(player.id)} />
          </div>
        )}
      </div>
      <TierBadge elo={player.elo} rank={player.rank} />
    </div>
  ) : (
    'Player Profile'
  );

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={title} width={760} destroyOnHidden centered>
      {playersLoading || (!player && !players) ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !player ? (
        <p className="muted">Player not found</p>
      ) : (
        <div className="profile-body">
          <PlayerStatsGrid player={player} />
          {history.data && history.data.length > 0 && (
            <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 180 }} />}>
              <EloHistoryChart records={history.data} />
            </Suspense>
          )}
          {/* Seasons and head-to-head are read as they are now: the Audit screen's past profile leaves them out. */}
          {asOf == null && <PlayerSeasonsSection playerId={player.id} />}
          {asOf == null && <HeadToHeadSection playerId={player.id} onOpenPlayer={(to) => setFollowed({ from: selectedId!, to })} />}
          {isAdmin && (
            <Suspense fallback={null}>
              <MergedAccounts playerId={player.id} username={player.username} />
            </Suspense>
          )}
          <MatchHistoryList
            records={history.data}
            loading={history.isFetching && !history.data}
            showMatchDetails={showMatchDetails}
            renderAction={isAdmin ? renderVoidAction : undefined}
          />
        </div>
      )}
    </Modal>
  );
}
