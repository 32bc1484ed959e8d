import { Button, Popconfirm } from 'antd';
import { lazy, Suspense } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { sessionCovers, useKnownAdminSession } from '@/lib/admin-session';
import { useRenamePlayerMutation, useRevertMergeMutation } from '@/lib/ladder-corrections';
import { useToast } from '@/components/ui/toast';
import type { AuditEntry, PlayerProfileFields, UpdateSiteSettingsRequest } from '@team/contracts';
import { useUpdatePlayerProfileMutation } from '@/lib/player-cards';
import { useUpdateSiteSettingsMutation } from '@/lib/site';
import { useUpdateMediaMutation } from '../../shared/api/media';

// The player profile loads the same dialog lazily; importing it statically here would list its
// chunk among the Audit route's preloads in the entry chunk every public page downloads.
const VoidMatchAction = lazy(() => import('@/components/corrections/VoidMatchAction'));

interface EventActionsProps {
  entry: AuditEntry;
  onChanged: () => void;
  handleAdminError: (error: unknown) => boolean;
}

/**
 * Corrections an event allows, each appended as a new event: void a match, revert a merge, a
 * rename or a player's profile edit. They are the moderator's: other keys see none.
 */
export function EventActions({ entry, onChanged, handleAdminError }: EventActionsProps) {
  const session = useKnownAdminSession();
  // A settings change is the editor's to put back; the ladder's corrections are the moderator's.
  if (entry.type === 'SiteSettingsChanged' && sessionCovers(session, 'editor')) {
    const previous = (entry.data as { previous?: Record<string, unknown> } | null)?.previous;
    if (previous && Object.keys(previous).length > 0) return <RevertSettingsButton previous={previous} onChanged={onChanged} handleAdminError={handleAdminError} />;
    return null;
  }
  if (entry.type === 'MediaAltChanged' && sessionCovers(session, 'editor')) {
    const alt = entry.data as { id?: unknown; fileName?: unknown; previousAlt?: unknown } | null;
    if (typeof alt?.id === 'string' && typeof alt.previousAlt === 'string') {
      return <RevertAltButton id={alt.id} fileName={String(alt.fileName ?? 'the image')} previousAlt={alt.previousAlt} onChanged={onChanged} handleAdminError={handleAdminError} />;
    }
    return null;
  }
  const canCorrect = sessionCovers(session, 'moderator');
  if (!canCorrect) return null;
  const data = (entry.data ?? {}) as {
    matchId?: number;
    primaryId?: number;
    duplicateId?: number;
    primary?: { username?: string };
    duplicate?: { username?: string };
    playerId?: number;
    username?: string;
    previousUsername?: string;
    previous?: Partial<PlayerProfileFields>;
  };
  /** `Shadow (#12)`: as the event names the account, else as the server does now. */
  const player = (id: number, name: string | undefined) => {
    const known = name ?? entry.links.playerNames?.[id];
    return known ? `${known} (#${id})` : `Player #${id}`;
  };
  if (entry.type === 'MatchRecorded' && typeof data.matchId === 'number') {
    return (
      <Suspense fallback={null}>
        <VoidMatchAction matchId={data.matchId} onVoided={onChanged} handleAdminError={handleAdminError} />
      </Suspense>
    );
  }
  if (entry.type === 'PlayersMerged' && typeof data.primaryId === 'number' && typeof data.duplicateId === 'number') {
    return (
      <RevertMergeButton
        primaryId={data.primaryId}
        duplicateId={data.duplicateId}
        primary={player(data.primaryId, data.primary?.username)}
        duplicate={player(data.duplicateId, data.duplicate?.username)}
        onChanged={onChanged}
        handleAdminError={handleAdminError}
      />
    );
  }
  if (entry.type === 'PlayerRenamed' && typeof data.playerId === 'number' && typeof data.previousUsername === 'string') {
    return (
      <RevertRenameButton
        playerId={data.playerId}
        previousUsername={data.previousUsername}
        username={data.username ?? ''}
        onChanged={onChanged}
        handleAdminError={handleAdminError}
      />
    );
  }
  if (entry.type === 'PlayerProfileEdited' && typeof data.playerId === 'number' && data.previous && Object.keys(data.previous).length > 0) {
    return (
      <RevertProfileButton
        playerId={data.playerId}
        player={player(data.playerId, undefined)}
        previous={data.previous}
        onChanged={onChanged}
        handleAdminError={handleAdminError}
      />
    );
  }
  return null;
}

type Handlers = Omit<EventActionsProps, 'entry'>;

interface RevertMergeProps extends Handlers {
  primaryId: number;
  duplicateId: number;
  /** The accounts as the confirm names them: `Shadow (#7)`. */
  primary: string;
  duplicate: string;
}

function RevertMergeButton({ primaryId, duplicateId, primary, duplicate, ...handlers }: RevertMergeProps) {
  const [revert, { isLoading }] = useRevertMergeMutation();
  return (
    <CorrectionButton
      label="Revert merge"
      title="Undo this merge?"
      description={`${duplicate} gets its own account and matches back, with its Discord ID and its share of the rating. ${primary} keeps only its own.`}
      run={() => revert({ primaryId, duplicateId }).unwrap()}
      done={`Merge reverted: ${duplicate} has its own account again`}
      failed="Failed to revert the merge"
      loading={isLoading}
      {...handlers}
    />
  );
}

/** A rename is undone by renaming back: another PlayerRenamed, audited like the first. */
function RevertRenameButton({ playerId, previousUsername, username, ...handlers }: { playerId: number; previousUsername: string; username: string } & Handlers) {
  const [rename, { isLoading }] = useRenamePlayerMutation();
  return (
    <CorrectionButton
      label="Revert rename"
      title="Undo this rename?"
      description={`Player #${playerId} is called "${previousUsername}" again${username ? ` instead of "${username}"` : ''}, everywhere the name shows.`}
      run={() => rename({ playerId, username: previousUsername }).unwrap()}
      done={`Rename reverted: player #${playerId} is called "${previousUsername}" again`}
      failed="Failed to revert the rename"
      loading={isLoading}
      {...handlers}
    />
  );
}

/** A settings change is undone by changing those fields back: another SiteSettingsChanged, audited like the first. */
function RevertSettingsButton({ previous, ...handlers }: { previous: Record<string, unknown> } & Handlers) {
  const [update, { isLoading }] = useUpdateSiteSettingsMutation();
  const fields = Object.keys(previous);
  return (
    <CorrectionButton
      label="Revert settings change"
      title="Undo this settings change?"
      description={`${fields.join(', ')} get the values they had before this change.`}
      run={() => update(previous as UpdateSiteSettingsRequest).unwrap()}
      done="Settings change reverted"
      failed="Failed to revert the settings change"
      loading={isLoading}
      {...handlers}
    />
  );
}

/** An alt text change is undone by changing it back: another MediaAltChanged (docs/site-settings.md). */
function RevertAltButton({ id, fileName, previousAlt, ...handlers }: { id: string; fileName: string; previousAlt: string } & Handlers) {
  const [update, { isLoading }] = useUpdateMediaMutation();
  return (
    <CorrectionButton
      label="Revert alt text"
      title="Undo this alt text change?"
      description={previousAlt ? `${fileName} gets its alt text "${previousAlt}" back.` : `${fileName} has no alt text again.`}
      run={() => update({ id, alt: previousAlt }).unwrap()}
      done={`Alt text of ${fileName} reverted`}
      failed="Failed to revert the alt text"
      loading={isLoading}
      {...handlers}
    />
  );
}

/** The profile's fields as the confirm names them. */
const PROFILE_FIELD_LABELS: Record<keyof PlayerProfileFields, string> = { avatarUrl: 'avatar', socials: 'social links' };

/** A profile edit is undone by editing those fields back: another PlayerProfileEdited, audited like the first. */
function RevertProfileButton({ playerId, player, previous, ...handlers }: { playerId: number; player: string; previous: Partial<PlayerProfileFields> } & Handlers) {
  const [update, { isLoading }] = useUpdatePlayerProfileMutation();
  const fields = (Object.keys(previous) as (keyof PlayerProfileFields)[]).map((field) => PROFILE_FIELD_LABELS[field] ?? field);
  return (
    <CorrectionButton
      label="Revert profile edit"
      title="Undo this profile edit?"
      description={`${player} gets back the ${fields.join(' and ')} from before this edit.`}
      run={() => update({ playerId, ...previous }).unwrap()}
      done={`Profile edit reverted for ${player}`}
      failed="Failed to revert the profile edit"
      loading={isLoading}
      {...handlers}
    />
  );
}

interface CorrectionButtonProps extends Handlers {
  label: string;
  title: string;
  description: string;
  run: () => Promise<unknown>;
  done: string;
  failed: string;
  loading: boolean;
}

/** A correction behind a confirm: the toast says how it went, and the log is read again after it. */
function CorrectionButton({ label, title, description, run, done, failed, loading, onChanged, handleAdminError }: CorrectionButtonProps) {
  const { toast } = useToast();
  const confirm = async () => {
    try {
      await run();
      toast({ title: 'Success', description: done });
      onChanged();
    } catch (error) {
      if (handleAdminError(error)) return;
      toast({ title: 'Error', description: serverErrorMessage(error, failed), variant: 'destructive' });
    }
  };
  return (
    <Popconfirm title={title} description={description} okText={label} onConfirm={confirm}>
      <Button size="small" loading={loading}>
        {label}
      </Button>
    </Popconfirm>
  );
}
