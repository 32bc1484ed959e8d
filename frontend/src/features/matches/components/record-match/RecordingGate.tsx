import { lazy, Suspense, useCallback } from 'react';
import { ScreenFallback } from '@/components/ui/ScreenFallback';
import { PlainButton } from '@/components/ui/PlainButton';
import { useToast } from '@/components/ui/toast';
import { useAdminSession } from '@/components/admin-session/use-admin-session';
import { serverErrorMessage } from '@/lib/api';
import { roleRefusal, sessionCovers } from '@/lib/admin-session';
import { useGetPublicSettingsQuery } from '../../api/get-public-settings';
import { RecordMatchForm } from './RecordMatchForm';
import './recording-gate.css';

const RecorderLogin = lazy(() => import('./RecorderLogin'));

const RECORDING = { role: 'recorder', what: 'Recording matches' } as const;

function statusOf(error: unknown): unknown {
  return (error as { status?: unknown } | undefined)?.status;
}

/** A site where recording needs a recorder key: the admin login first, then the form, sent with the key. */
function RecorderSession() {
  const { toast } = useToast();
  const session = useAdminSession('You can now record matches', { requires: RECORDING });
  const { logout, handleAdminError } = session;
  const info = session.session;

  // A key the server stops taking on submit (revoked, expired, or without the role) logs out, as on the admin screens.
  const handleKeyRefusal = useCallback(
    (error: unknown) => {
      if (handleAdminError(error)) return true;
      if (statusOf(error) !== 403) return false;
      logout();
      toast({ title: 'Error', description: serverErrorMessage(error, 'This key may not record matches.'), variant: 'destructive' });
      return true;
    },
    [handleAdminError, logout, toast],
  );

  if (session.isAuthenticated && !info && !session.sessionError) return <ScreenFallback />;
  if (!info || !sessionCovers(info, RECORDING.role)) {
    // A stored key that cannot record: say why this login shows although a key is stored.
    const notice = info
      ? roleRefusal(RECORDING.what, RECORDING.role, info)
      : session.isAuthenticated
        ? `The stored key could not be checked: ${serverErrorMessage(session.sessionError, 'the server did not answer.')}`
        : undefined;
    return (
      <Suspense fallback={<ScreenFallback />}>
        <RecorderLogin
          title="Recorder Login"
          headingLevel={2}
          hint="Recording matches on this site needs a recorder key."
          notice={notice}
          onLogin={session.login}
          loading={session.loggingIn}
        />
      </Suspense>
    );
  }
  return (
    <>
      <div className="recorder-session">
        <span>
          Recording as <strong>{info.name}</strong> <span className="muted">({info.role})</span>
        </span>
        <PlainButton onClick={logout}>Logout</PlainButton>
      </div>
      <RecordMatchForm sendAdminKey handleKeyRefusal={handleKeyRefusal} />
    </>
  );
}

/**
 * Record Match's form (docs/product.md#screens-and-routes), open to anyone as the SPEC has it, unless GET /api/settings
 * says recording needs a recorder key (PUBLIC_RECORDING=recorders), or that a moderator reviews
 * what visitors send (PUBLIC_RECORDING=review: the form says so). Until the settings answer
 * (or when they cannot be read) the form shows, as on an open site.
 */
export function RecordingGate() {
  const settings = useGetPublicSettingsQuery();
  if (settings.data?.publicRecording === 'review') return <RecordMatchForm reviewed />;
  if (settings.data?.publicRecording !== 'recorders') return <RecordMatchForm />;
  return <RecorderSession />;
}
