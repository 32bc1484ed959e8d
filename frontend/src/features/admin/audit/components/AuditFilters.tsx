import { AUDIT_EVENT_GROUPS, OWNER_KEY_ID, OWNER_KEY_NAME, type AdminKeySummary } from '@team/contracts';
import { Button, Card, Input, Select } from 'antd';
import { useId, useState, type FormEvent } from 'react';
import {
  EMPTY_AUDIT_FILTER,
  filterProblems,
  isoToLocalInput,
  localInputToIso,
  type AuditFilter,
} from '../audit-filter';

const typeOption = (type: string) => ({ value: type, label: type });

/** Every event type the log holds, in its group (contracts' AUDIT_EVENT_GROUPS). */
const EVENT_TYPE_OPTIONS = AUDIT_EVENT_GROUPS.map(({ label, types }) => ({ label, options: types.map(typeOption) }));

/** The Key filter's choices: the owner key, then the named keys by name; a key the list lacks shows as its id. */
function keyOptions(keys: readonly AdminKeySummary[], selected: string) {
  const options = [
    { value: OWNER_KEY_ID, label: OWNER_KEY_NAME },
    ...keys.map((key) => ({ value: key.id, label: key.status === 'active' ? key.name : `${key.name} (${key.status})` })),
  ];
  if (selected && !options.some((option) => option.value === selected)) options.push({ value: selected, label: selected });
  return options;
}

interface Draft {
  types: string[];
  stream: string;
  player: string;
  key: string;
  /** datetime-local values, local time. */
  from: string;
  to: string;
  q: string;
}

const draftOf = (filter: AuditFilter): Draft => ({
  ...filter,
  from: isoToLocalInput(filter.from),
  to: isoToLocalInput(filter.to),
});

const filterOf = (draft: Draft): AuditFilter => ({
  types: draft.types,
  stream: draft.stream.trim(),
  player: draft.player.trim(),
  key: draft.key,
  from: localInputToIso(draft.from, 'start'),
  to: localInputToIso(draft.to, 'end'),
  q: draft.q.trim(),
});

export interface AuditFiltersProps {
  /** The applied filter (from the screen's query string). */
  value: AuditFilter;
  onApply: (filter: AuditFilter) => void;
  /** The named keys (GET /api/admin/keys), for the Key filter. */
  adminKeys?: readonly AdminKeySummary[];
}

/**
 * The audit filter bar. Edits stay in the form until Apply (or Enter), so typing a stream
 * name does not send a request per key. Remount it (key) when the applied filter changes.
 */
export function AuditFilters({ value, onApply, adminKeys = [] }: AuditFiltersProps) {
  const [draft, setDraft] = useState(() => draftOf(value));
  const [problems, setProblems] = useState<string[]>([]);
  const id = useId();
  const set = <K extends keyof Draft>(name: K, fieldValue: Draft[K]) => setDraft((current) => ({ ...current, [name]: fieldValue }));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const filter = filterOf(draft);
    const found = filterProblems(filter);
    setProblems(found);
    if (found.length === 0) onApply(filter);
  };

  const clear = () => {
    setDraft(draftOf(EMPTY_AUDIT_FILTER));
    setProblems([]);
    onApply(EMPTY_AUDIT_FILTER);
  };

  return (
    <Card className="audit-filters" size="small" title="Filters">
      <form onSubmit={apply} aria-label="Audit filters">
        <div className="audit-filter-grid">
          <div className="admin-field audit-filter-types">
            <label className="admin-field-label" htmlFor={`${id}-types`}>
              Event types
            </label>
            <Select
              id={`${id}-types`}
              mode="multiple"
              allowClear
              placeholder="All event types"
              value={draft.types}
              options={EVENT_TYPE_OPTIONS}
              onChange={(types: string[]) => set('types', types)}
            />
          </div>
          <div className="admin-field">
            <label className="admin-field-label" htmlFor={`${id}-stream`}>
              Stream
            </label>
            <Input
              id={`${id}-stream`}
              value={draft.stream}
              onChange={(event) => set('stream', event.target.value)}
              placeholder="ladder, content-home, page-7"
            />
          </div>
          <div className="admin-field">
            <label className="admin-field-label" htmlFor={`${id}-player`}>
              Player ID
            </label>
            <Input
              id={`${id}-player`}
              inputMode="numeric"
              value={draft.player}
              onChange={(event) => set('player', event.target.value)}
              placeholder="Any player"
            />
          </div>
          <div className="admin-field">
            <label className="admin-field-label" htmlFor={`${id}-key`}>
              Key
            </label>
            <Select
              id={`${id}-key`}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Any key"
              value={draft.key || undefined}
              options={keyOptions(adminKeys, draft.key)}
              onChange={(key: string | undefined) => set('key', key ?? '')}
            />
          </div>
          <div className="admin-field">
            <label className="admin-field-label" htmlFor={`${id}-from`}>
              From
            </label>
            <Input id={`${id}-from`} type="datetime-local" value={draft.from} onChange={(event) => set('from', event.target.value)} />
          </div>
          <div className="admin-field">
            <label className="admin-field-label" htmlFor={`${id}-to`}>
              To
            </label>
            <Input id={`${id}-to`} type="datetime-local" value={draft.to} onChange={(event) => set('to', event.target.value)} />
          </div>
          <div className="admin-field">
            <label className="admin-field-label" htmlFor={`${id}-q`}>
              Search
            </label>
            <Input
              id={`${id}-q`}
              value={draft.q}
              onChange={(event) => set('q', event.target.value)}
              placeholder="Match #300, Player #12, or any text in the event"
            />
          </div>
        </div>
        {problems.length > 0 && (
          <ul className="audit-filter-problems" role="alert">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        <div className="audit-filter-actions">
          <Button type="primary" htmlType="submit">
            Apply filters
          </Button>
          <Button onClick={clear}>Clear filters</Button>
        </div>
      </form>
    </Card>
  );
}
