import { Button, Card, Table, Tag, type TableColumnsType } from 'antd';
import { ADMIN_ROLE_DESCRIPTIONS, type AdminKeyStatus, type AdminKeySummary } from '@team/contracts';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { useDateFormat } from '@/lib/date-format';

const STATUS: Record<AdminKeyStatus, { label: string; color: string | undefined }> = {
  active: { label: 'Active', color: 'green' },
  revoked: { label: 'Revoked', color: 'red' },
  expired: { label: 'Expired', color: undefined },
};

function KeyStatus({ adminKey }: { adminKey: AdminKeySummary }) {
  const dates = useDateFormat();
  const status = STATUS[adminKey.status];
  return (
    <span className="admin-key-status">
      <Tag color={status.color}>{status.label}</Tag>
      {adminKey.endedAt && <span className="muted">since {dates.date(adminKey.endedAt)}</span>}
    </span>
  );
}

function Created({ adminKey }: { adminKey: AdminKeySummary }) {
  const dates = useDateFormat();
  return (
    <span className="admin-key-created">
      <time dateTime={adminKey.createdAt}>{dates.date(adminKey.createdAt)}</time>
      <span className="muted">by {adminKey.createdBy.name}</span>
    </span>
  );
}

function Expires({ adminKey }: { adminKey: AdminKeySummary }) {
  const dates = useDateFormat();
  return adminKey.expiresAt ? <time dateTime={adminKey.expiresAt}>{dates.date(adminKey.expiresAt)}</time> : <>Never</>;
}

function Role({ adminKey }: { adminKey: AdminKeySummary }) {
  return <span title={ADMIN_ROLE_DESCRIPTIONS[adminKey.role]}>{adminKey.role}</span>;
}

function RevokeButton({ adminKey, onRevoke }: { adminKey: AdminKeySummary; onRevoke: (key: AdminKeySummary) => void }) {
  if (adminKey.status !== 'active') return null;
  return (
    <Button size="small" danger onClick={() => onRevoke(adminKey)} aria-label={`Revoke ${adminKey.name}'s key`}>
      Revoke
    </Button>
  );
}

export interface AdminKeyListProps {
  keys: AdminKeySummary[];
  loading: boolean;
  onRevoke: (key: AdminKeySummary) => void;
}

const EMPTY = 'No named keys yet: create one above.';

/** The named keys, newest first: a table, or a card per key on a phone. */
export function AdminKeyList({ keys, loading, onRevoke }: AdminKeyListProps) {
  const isMobile = useIsMobile();

  if (isMobile) {
    if (!loading && keys.length === 0) return <p className="muted">{EMPTY}</p>;
    return (
      <ul className="admin-key-cards" aria-label="Admin keys">
        {keys.map((adminKey) => (
          <li key={adminKey.id}>
            <Card size="small" title={adminKey.name} extra={<KeyStatus adminKey={adminKey} />}>
              <dl className="admin-key-facts">
                <dt>Role</dt>
                <dd>
                  <Role adminKey={adminKey} />
                </dd>
                <dt>Created</dt>
                <dd>
                  <Created adminKey={adminKey} />
                </dd>
                <dt>Expires</dt>
                <dd>
                  <Expires adminKey={adminKey} />
                </dd>
              </dl>
              <RevokeButton adminKey={adminKey} onRevoke={onRevoke} />
            </Card>
          </li>
        ))}
      </ul>
    );
  }

  const columns: TableColumnsType<AdminKeySummary> = [
    { title: 'Name', key: 'name', render: (_value, adminKey) => <strong>{adminKey.name}</strong> },
    { title: 'Role', key: 'role', render: (_value, adminKey) => <Role adminKey={adminKey} /> },
    { title: 'Status', key: 'status', render: (_value, adminKey) => <KeyStatus adminKey={adminKey} /> },
    { title: 'Created', key: 'createdAt', render: (_value, adminKey) => <Created adminKey={adminKey} /> },
    { title: 'Expires', key: 'expiresAt', render: (_value, adminKey) => <Expires adminKey={adminKey} /> },
    {
      title: <span className="sr-only">Actions</span>,
      key: 'actions',
      align: 'right',
      render: (_value, adminKey) => <RevokeButton adminKey={adminKey} onRevoke={onRevoke} />,
    },
  ];
  return (
    <Table<AdminKeySummary>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={keys}
      loading={loading}
      pagination={false}
      aria-label="Admin keys"
      locale={{ emptyText: EMPTY }}
    />
  );
}
