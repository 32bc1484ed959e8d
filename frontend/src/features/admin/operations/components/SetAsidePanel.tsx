import { Alert, App, Button, Card, Input } from 'antd';
import { useState } from 'react';
import type { FailingEvent, SetAsideEntry } from '@team/contracts';
import { SET_ASIDE_REASON_MAX } from '@team/contracts';
import { useDateFormat } from '@/lib/date-format';

export interface SetAsidePanelProps {
  failing: FailingEvent | null;
  setAside: SetAsideEntry[];
  busy: boolean;
  onSetAside: (position: number, reason: string) => Promise<boolean>;
  onUndo: (position: number) => void;
}

function eventName(event: { type: string | null; streamId: string | null }) {
  return event.type ? `${event.type} in ${event.streamId ?? '?'}` : 'an event that could not be read';
}

/**
 * The event the projector is stuck on, with a reason field to set it aside, and the events set
 * aside so far with their undo. A set-aside event is skipped by the projector and every later
 * rebuild; undoing it only changes later rebuilds (the live tables have skipped it already).
 */
export function SetAsidePanel({ failing, setAside, busy, onSetAside, onUndo }: SetAsidePanelProps) {
  const dates = useDateFormat();
  const { modal } = App.useApp();
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();

  const submit = async () => {
    if (!failing || !trimmed) return;
    if (await onSetAside(failing.position, trimmed)) setReason('');
  };

  const confirmUndo = (entry: SetAsideEntry) =>
    modal.confirm({
      title: `Undo the set-aside of event ${entry.position}?`,
      content:
        'Later rebuilds will apply this event again (and fail on it again if it is still broken). ' +
        'The live read tables skipped it already and stay as they are until a rebuild.',
      okText: 'Undo',
      cancelText: 'Cancel',
      onOk: () => onUndo(entry.position),
    });

  return (
    <Card title="Poison events" role="region" aria-label="Poison events">
      <div className="ops-rebuild">
        {failing ? (
          <Alert
            type="error"
            showIcon
            title={`The projector is stuck on event ${failing.position} (${eventName(failing)})`}
            description={
              <>
                <div>{failing.error ?? 'No error message was recorded.'}</div>
                <div className="muted">Failing since {dates.dateTimeSeconds(failing.since)}</div>
              </>
            }
          />
        ) : (
          <p className="muted" style={{ margin: 0 }}>
            The projector is not stuck on any event.
          </p>
        )}

        {failing && (
          <div>
            <label htmlFor="set-aside-reason">Reason for setting event {failing.position} aside</label>
            <Input.TextArea
              id="set-aside-reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={SET_ASIDE_REASON_MAX}
              autoSize={{ minRows: 2, maxRows: 5 }}
              showCount
            />
            <p className="muted" style={{ margin: '0.5rem 0' }}>
              The projector and every later rebuild skip this event: its effect never reaches the read tables. The
              decision is recorded in the audit log.
            </p>
            <Button danger type="primary" onClick={submit} disabled={!trimmed} loading={busy}>
              Set aside
            </Button>
          </div>
        )}

        <div>
          <strong>Set aside</strong>
          {setAside.length === 0 ? (
            <p className="muted" style={{ margin: 0 }}>
              No event is set aside.
            </p>
          ) : (
            <ul aria-label="Events set aside" style={{ paddingLeft: '1.2rem' }}>
              {setAside.map((entry) => (
                <li key={entry.position}>
                  Event {entry.position} ({entry.type} in {entry.streamId}): {entry.reason}{' '}
                  <span className="muted">({dates.dateTimeSeconds(entry.recordedAt)})</span>{' '}
                  <Button size="small" onClick={() => confirmUndo(entry)} aria-label={`Undo set-aside of event ${entry.position}`}>
                    Undo
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Card>
  );
}
