import { Button, Card, Input, Select } from 'antd';
import {
  ADMIN_ROLE_DESCRIPTIONS,
  adminKeyNameProblem,
  MAX_ADMIN_KEY_NAME_LENGTH,
  NAMED_KEY_ROLES,
  type CreatedAdminKey,
  type NamedKeyRole,
} from '@team/contracts';
import { useId, useState, type FormEvent } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { useToast } from '@/components/ui/toast';
import { useCreateAdminKeyMutation } from '../api/admin-keys';
import { dateInputValue, endOfLocalDay, expiryProblem } from '../key-dates';
import { useDateFormat } from '@/lib/date-format';

const ROLE_OPTIONS = NAMED_KEY_ROLES.map((role) => ({ value: role, label: role }));

/** The least a new key can do, until the owner picks more. */
const DEFAULT_ROLE: NamedKeyRole = 'recorder';

function detailsOf(error: unknown): string[] {
  const data = (error as { data?: { details?: unknown } } | undefined)?.data;
  return Array.isArray(data?.details) ? data.details.filter((detail): detail is string => typeof detail === 'string') : [];
}

function statusOf(error: unknown): unknown {
  return (error as { status?: unknown } | undefined)?.status;
}

export interface CreateKeyFormProps {
  /** The new key, to show once. */
  onCreated: (created: CreatedAdminKey) => void;
  handleAdminError: (error: unknown) => boolean;
  now: () => Date;
}

/** A key for one person: their name, a role, and an optional last day. */
export function CreateKeyForm({ onCreated, handleAdminError, now }: CreateKeyFormProps) {
  const dates = useDateFormat();
  const id = useId();
  const { toast } = useToast();
  const [createKey, { isLoading, reset }] = useCreateAdminKeyMutation();
  const [name, setName] = useState('');
  const [role, setRole] = useState<NamedKeyRole>(DEFAULT_ROLE);
  const [expires, setExpires] = useState('');
  /** Problems show once a creation was tried, then follow the fields. */
  const [checked, setChecked] = useState(false);
  /** The server's refusal of the name (a name in use), until the name changes. */
  const [nameTaken, setNameTaken] = useState<string | null>(null);

  const nameProblem = checked ? (adminKeyNameProblem(name) ?? nameTaken) : nameTaken;
  const expiresProblem = checked ? expiryProblem(expires, now()) : null;
  const expiresAt = endOfLocalDay(expires);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (adminKeyNameProblem(name) || expiryProblem(expires, now()) || isLoading) return;
    try {
      const created = await createKey({ name: name.trim(), role, expiresAt }).unwrap();
      // The answer holds the key itself: it lives on in the dialog only, not in the store.
      reset();
      toast({ title: 'Key created', description: `${created.summary.name} has a new ${created.summary.role} key.` });
      setName('');
      setRole(DEFAULT_ROLE);
      setExpires('');
      setChecked(false);
      onCreated(created);
    } catch (failure) {
      if (handleAdminError(failure)) return;
      const message = serverErrorMessage(failure, 'Failed to create the key');
      if (statusOf(failure) === 409) setNameTaken(message);
      toast({ title: 'Error', description: [message, ...detailsOf(failure)].join(' '), variant: 'destructive' });
    }
  };

  return (
    <Card title="Create a key" size="small" role="region" aria-label="Create a key" className="admin-keys-section">
      <form onSubmit={submit} className="admin-fields" aria-label="Create a key" noValidate>
        <div className="admin-field-row">
          <div className="admin-field">
            <label className="admin-field-label" htmlFor={`${id}-name`}>
              Name
            </label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={MAX_ADMIN_KEY_NAME_LENGTH}
              status={nameProblem ? 'error' : undefined}
              aria-invalid={nameProblem ? true : undefined}
              aria-describedby={nameProblem ? `${id}-name-problem` : `${id}-name-hint`}
              onChange={(event) => {
                setName(event.target.value);
                setNameTaken(null);
              }}
              placeholder="Who holds the key, e.g. Alice"
              autoComplete="off"
            />
            {nameProblem ? (
              <p id={`${id}-name-problem`} className="admin-field-hint admin-key-problem">
                {nameProblem}
              </p>
            ) : (
              <p id={`${id}-name-hint`} className="admin-field-hint">
                The audit log shows it on every change made with the key.
              </p>
            )}
          </div>
          <div className="admin-field">
            <label className="admin-field-label" htmlFor={`${id}-role`}>
              Role
            </label>
            <Select<NamedKeyRole>
              id={`${id}-role`}
              value={role}
              options={ROLE_OPTIONS}
              onChange={setRole}
              aria-describedby={`${id}-role-hint`}
              optionRender={(option) => (
                <div className="admin-key-role-option">
                  <span>{option.label}</span>
                  <span className="admin-key-role-option-text">{ADMIN_ROLE_DESCRIPTIONS[option.value as NamedKeyRole]}</span>
                </div>
              )}
            />
            <p id={`${id}-role-hint`} className="admin-field-hint">
              {ADMIN_ROLE_DESCRIPTIONS[role]}
            </p>
          </div>
          <div className="admin-field">
            <label className="admin-field-label" htmlFor={`${id}-expires`}>
              Expires on
            </label>
            <Input
              id={`${id}-expires`}
              type="date"
              value={expires}
              min={dateInputValue(now())}
              status={expiresProblem ? 'error' : undefined}
              aria-invalid={expiresProblem ? true : undefined}
              aria-describedby={`${id}-expires-hint`}
              onChange={(event) => setExpires(event.target.value)}
            />
            <p id={`${id}-expires-hint`} className={expiresProblem ? 'admin-field-hint admin-key-problem' : 'admin-field-hint'}>
              {expiresProblem ?? (expiresAt ? `At the end of ${dates.date(expiresAt)}, local time.` : 'Never: leave empty for a key that does not expire.')}
            </p>
          </div>
        </div>
        <div>
          <Button type="primary" htmlType="submit" loading={isLoading}>
            Create Key
          </Button>
        </div>
      </form>
    </Card>
  );
}
