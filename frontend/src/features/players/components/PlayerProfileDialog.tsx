import { rankPlayers, type PlayerMatchRecord } from '@team/contracts';
import { lazy, Suspense, useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import { SocialLinks } from '@/components/players/SocialLinks';
import { CopyLinkButton } from '@/components/ui/CopyLinkButton';
import { Dialog } from '@/components/ui/Dialog';
import { Shimmer, ShimmerLines } from '@/components/ui/Shimmer';
import { readStoredAdminKey, sessionCovers, useStoredAdminSession } from '@/lib/admin-session';
import { playerPath } from '@/lib/paths';
import { useGetPlayerCardsQuery } from '@/lib/player-cards';
import { useGetHeadToHeadQuery } from '../api/get-head-to-head';
import { useGetPlayersQuery } from '../api/get-players';
import { useGetPlayerSeasonsQuery } from '../api/get-seasons';
import { usePlayerMatchHistory } from '../api/get-player-matches';
import { HeadToHeadSection } from './HeadToHeadSection';
import { MatchHistoryList } from './MatchHistoryList';
import { PlayerModeLines } from './PlayerModeLines';
import { PlayerSeasonsSection } from './PlayerSeasonsSection';
import { PlayerStatsGrid } from './PlayerStatsGrid';
import { TierBadge } from './TierBadge';
import './profile-avatar.css';

// Its download starts with the dialog's, beside the profile's reads, not after the history arrives.
// A failed download is the chart's error when it renders, not an unhandled rejection now.
const eloHistoryChart = import('./EloHistoryChart');
eloHistoryChart.catch(() => {});
const EloHistoryChart = lazy(() => eloHistoryChart);
// Admin only, and only downloaded when a stored key's role covers them; they are antd's, so
// they bring its theme along and a fan's profile loads no antd at all.
const ThemedAntd = lazy(() => import('@/components/ui/ThemedAntd').then((module) => ({ default: module.ThemedAntd })));
const VoidMatchAction = lazy(() => import('@/components/corrections/VoidMatchAction'));
const RenamePlayerAction = lazy(() => import('@/components/corrections/RenamePlayerAction'));
const EditPlayerProfileAction = lazy(() => import('@/components/corrections/EditPlayerProfileAction'));
const MergedAccounts = lazy(() => import('./MergedAccounts'));

function AdminControl({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <ThemedAntd>{children}</ThemedAntd>
    </Suspense>
  );
}

function renderVoidAction(record: PlayerMatchRecord) {
  return (
    <AdminControl>
      <VoidMatchAction matchId={record.match.id} buttonType="link" />
    </AdminControl>
  );
}

export interface PlayerProfileDialogProps {
  /** The selected player; the dialog is open while it is set. */
  playerId: number | null;
  /** Dismissing clears the selection (docs/product.md#states-and-transitions). */
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
  // The sections read their own data; the body waits for their first answers (or refusals), so
  // it appears at once rather than pushing itself down as each section arrives. Once shown for a
  // player it stays (a refused section that mounts asks again, and must not hide it).
  const now = open && asOf == null ? playerId ?? undefined : undefined;
  const seasons = useGetPlayerSeasonsQuery(now ?? 0, { skip: now == null });
  const headToHead = useGetHeadToHeadQuery(now ?? 0, { skip: now == null });
  // The avatar and links a moderator set (issue 42); the past profile has none to show.
  const card = useGetPlayerCardsQuery(now == null ? [] : [now], { skip: now == null }).data?.find((candidate) => candidate.id === now);
  const [shownFor, setShownFor] = useState<number | null>(null);
  const readsIn = open && !history.isLoading && !seasons.isLoading && !headToHead.isLoading;
  if (readsIn && shownFor !== playerId) setShownFor(playerId);
  if (!open && shownFor !== null) setShownFor(null);
  // Drawn in a transition: React renders the whole body in slices, not as one long task that
  // holds a phone's main thread while a shared profile link opens.
  const firstReadsIn = useDeferredValue(shownFor === playerId);
  // The server checks the key; a stored one whose role covers the corrections (void, rename,
  // revert a merge: the moderator's) only decides whether the admin controls show. The past is
  // read-only: corrections apply to the ladder as it is now.
  const mayCorrect = open && asOf == null && readStoredAdminKey() !== null;
  const isAdmin = sessionCovers(useStoredAdminSession(mayCorrect), 'moderator') && mayCorrect;

  // The badge's rank is the player's place in the whole list sorted by ELO (docs/product.md#screens-and-routes).
  const player = useMemo(
    () => (players && open ? rankPlayers(players).find((candidate) => candidate.id === playerId) : undefined),
    [players, playerId, open],
  );

  const headingId = useId();
  const title = player ? (
    <div className="profile-header">
      {card?.avatarUrl && <img className="profile-avatar" src={card.avatarUrl} alt="" width={64} height={64} />}
      <div className="profile-header-text">
        {/* The dialog's heading, under the screen's h1: its sections (Seasons, Head-to-head) are h3s. */}
        <div className="profile-username-row">
          <h2 className="profile-username" id={headingId}>
            {player.username}
          </h2>
          {isAdmin && (
            <AdminControl>
              <RenamePlayerAction playerId={player.id} username={player.username} />
            </AdminControl>
          )}
          {isAdmin && card && (
            <AdminControl>
              <EditPlayerProfileAction player={card} />
            </AdminControl>
          )}
        </div>
        <div className="muted profile-discord">Discord ID: {player.discordId}</div>
        {asOf != null && <div className="muted profile-discord">As of log position {asOf}</div>}
        {card && <SocialLinks socials={card.socials} name={player.username} />}
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
    <Dialog open={open} onClose={onClose} title={title} labelledBy={player ? headingId : undefined} width={760}>
      {playersLoading || (!player && !players) || (player && !firstReadsIn) ? (
        <ShimmerLines lines={6} />
      ) : !player ? (
        <p className="muted">Player not found</p>
      ) : (
        <div className="profile-body">
          <PlayerStatsGrid player={player} />
          {history.data && history.data.length > 0 && (
            <Suspense fallback={<Shimmer height={180} />}>
              <EloHistoryChart records={history.data} />
            </Suspense>
          )}
          <PlayerModeLines records={history.data} />
          {/* Seasons and head-to-head are read as they are now: the Audit screen's past profile leaves them out. */}
          {asOf == null && <PlayerSeasonsSection playerId={player.id} />}
          {asOf == null && <HeadToHeadSection playerId={player.id} onOpenPlayer={(to) => setFollowed({ from: selectedId!, to })} />}
          {isAdmin && (
            <AdminControl>
              <MergedAccounts playerId={player.id} username={player.username} />
            </AdminControl>
          )}
          <MatchHistoryList
            records={history.data}
            loading={history.isFetching && !history.data}
            showMatchDetails={showMatchDetails}
            renderAction={isAdmin ? renderVoidAction : undefined}
          />
        </div>
      )}
    </Dialog>
  );
}
