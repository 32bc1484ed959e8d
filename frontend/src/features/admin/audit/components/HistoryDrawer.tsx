import { HistoryOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Popconfirm, Select, Skeleton, Tag } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { useToast } from '@/components/ui/toast';
import type { Actor, PageVersion, SectionVersion } from '@team/contracts';
import {
  useGetPageVersionsQuery,
  useGetSectionVersionsQuery,
  useRestorePageVersionMutation,
  useRestoreSectionVersionMutation,
} from '../api/version-history';
import type { HistoryTarget } from '../history-target';
import { blockName } from '../version-diff';
import { htmlToText } from '../word-diff';
import { useDateFormat } from '@/lib/date-format';
import { ActorTag } from './ActorTag';
import { PageVersionDiff, SectionVersionDiff } from './VersionDiffs';

interface VersionLike {
  version: number;
  /** Null only for version 0 of a system page: the built-in page, which no event made. */
  recordedAt: string | null;
  actor: Actor;
  /** The key behind an admin event, as the audit log names it. */
  adminKey?: { id: string; name: string };
  eventType: string;
  deleted: boolean;
}

interface VersionHistoryProps<V extends VersionLike> {
  query: { data?: V[]; isLoading: boolean; isError: boolean; error?: unknown; refetch: () => unknown };
  /** A line under each version: its title, or its blocks. */
  describe: (version: V) => ReactNode;
  Diff: (props: { older: V; newer: V }) => ReactNode;
  restore: (version: number) => Promise<unknown>;
  onRestored: () => void;
  handleAdminError: (error: unknown) => boolean;
}

/** Picks two versions to compare, shows the diff, and lists every version with a restore button. */
function VersionHistory<V extends VersionLike>({
  query,
  describe,
  Diff,
  restore,
  onRestored,
  handleAdminError,
}: VersionHistoryProps<V>) {
  const { toast } = useToast();
  const dates = useDateFormat();
  const versions = [...(query.data ?? [])].sort((a, b) => b.version - a.version);
  const latest = versions[0];
  const [picked, setPicked] = useState<{ from: number; to: number } | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);

  // A rejected key on the history read ends the session like any admin call.
  const { error } = query;
  useEffect(() => {
    if (error) handleAdminError(error);
  }, [error, handleAdminError]);

  if (query.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="Failed to load the history"
        description={serverErrorMessage(query.error, 'The server did not answer.')}
        action={
          <Button size="small" onClick={() => query.refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  if (!latest) return <p className="muted">No versions are recorded.</p>;

  const byNumber = new Map(versions.map((version) => [version.version, version]));
  const fromNumber = picked?.from ?? (versions[1] ?? latest).version;
  const toNumber = picked?.to ?? latest.version;
  const [olderNumber, newerNumber] = fromNumber <= toNumber ? [fromNumber, toNumber] : [toNumber, fromNumber];
  const older = byNumber.get(olderNumber) ?? latest;
  const newer = byNumber.get(newerNumber) ?? latest;
  const options = versions.map((version) => ({
    value: version.version,
    label: `Version ${version.version} (${version.recordedAt ? dates.dateTimeSeconds(version.recordedAt) : 'built in'})`,
  }));

  const restoreVersion = async (version: number) => {
    setRestoring(version);
    try {
      await restore(version);
      toast({ title: 'Success', description: 'Version restored' });
      setPicked(null);
      onRestored();
    } catch (failure) {
      if (!handleAdminError(failure)) {
        toast({ title: 'Error', description: serverErrorMessage(failure, 'Failed to restore version'), variant: 'destructive' });
      }
    } finally {
      setRestoring(null);
    }
  };

  return (
    <div>
      <h3>Compare versions</h3>
      {versions.length === 1 ? (
        <p className="muted">Only one version is recorded, so there is nothing to compare yet.</p>
      ) : (
        <>
          <div className="history-compare">
            <span>From</span>
            <Select
              aria-label="Older version"
              value={fromNumber}
              options={options}
              onChange={(value: number) => setPicked({ from: value, to: toNumber })}
            />
            <span>to</span>
            <Select
              aria-label="Newer version"
              value={toNumber}
              options={options}
              onChange={(value: number) => setPicked({ from: fromNumber, to: value })}
            />
          </div>
          {olderNumber === newerNumber ? (
            <p className="muted">Pick two different versions to see what changed.</p>
          ) : (
            <Diff older={older} newer={newer} />
          )}
        </>
      )}

      <h3>All versions</h3>
      <ol className="history-versions" aria-label="Versions">
        {versions.map((version) => {
          const isCurrent = version === latest;
          return (
            <li key={version.version} className="history-version" aria-label={`Version ${version.version}`}>
              <div className="history-version-main">
                <span className="history-version-title">
                  Version {version.version}
                  {isCurrent && <Tag color="blue">Current</Tag>}
                  {version.deleted && <Tag color="red">Deleted</Tag>}
                  <Tag>{version.eventType}</Tag>
                  <ActorTag actor={version.actor} />
                  {version.adminKey && <span className="history-version-key">{version.adminKey.name}</span>}
                </span>
                <span className="muted">
                  {version.recordedAt ? (
                    <time dateTime={version.recordedAt}>{dates.dateTimeSeconds(version.recordedAt)}</time>
                  ) : (
                    'Built into the site'
                  )}
                </span>
                <span className="history-version-blocks">{describe(version)}</span>
              </div>
              {!isCurrent && !version.deleted && (
                <Popconfirm
                  title={`Restore version ${version.version}?`}
                  description="This saves a new version with the contents of this one. Every earlier version stays in the history."
                  okText="Restore"
                  cancelText="Cancel"
                  onConfirm={() => restoreVersion(version.version)}
                >
                  <Button icon={<HistoryOutlined />} loading={restoring === version.version} disabled={restoring !== null}>
                    Restore this version
                  </Button>
                </Popconfirm>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

interface HistoryProps {
  id: number;
  onRestored: () => void;
  handleAdminError: (error: unknown) => boolean;
}

function SectionHistory({ id, onRestored, handleAdminError }: HistoryProps) {
  const query = useGetSectionVersionsQuery(id, { refetchOnMountOrArgChange: true });
  const [restore] = useRestoreSectionVersionMutation();
  return (
    <VersionHistory<SectionVersion>
      query={query}
      describe={(version) => htmlToText(version.section.title) || '(no title)'}
      Diff={SectionVersionDiff}
      restore={(version) => restore({ id, version }).unwrap()}
      onRestored={onRestored}
      handleAdminError={handleAdminError}
    />
  );
}

function PageHistory({ id, onRestored, handleAdminError }: HistoryProps) {
  const query = useGetPageVersionsQuery(id, { refetchOnMountOrArgChange: true });
  const [restore] = useRestorePageVersionMutation();
  return (
    <VersionHistory<PageVersion>
      query={query}
      describe={(version) => {
        const blocks = [...version.page.contentBlocks].sort((a, b) => a.order - b.order);
        const title = `${htmlToText(version.page.title) || '(no title)'} at /${version.page.slug}`;
        return blocks.length
          ? `${title}. ${blocks.length} ${blocks.length === 1 ? 'block' : 'blocks'}: ${blocks.map(blockName).join(', ')}`
          : `${title}. No blocks.`;
      }}
      Diff={PageVersionDiff}
      restore={(version) => restore({ id, version }).unwrap()}
      onRestored={onRestored}
      handleAdminError={handleAdminError}
    />
  );
}

export interface HistoryDrawerProps {
  target: HistoryTarget | null;
  onClose: () => void;
  /** After a restore: the audit log reads again to show the new event. */
  onRestored: () => void;
  handleAdminError: (error: unknown) => boolean;
}

/** The versions of one content section or page, with a diff between any two and a restore per version. */
export function HistoryDrawer({ target, onClose, onRestored, handleAdminError }: HistoryDrawerProps) {
  return (
    <Drawer open={target !== null} onClose={onClose} size={760} destroyOnHidden title={target ? `History: ${target.label}` : 'History'}>
      {target?.kind === 'section' && (
        <SectionHistory key={`section-${target.id}`} id={target.id} onRestored={onRestored} handleAdminError={handleAdminError} />
      )}
      {target?.kind === 'page' && (
        <PageHistory key={`page-${target.id}`} id={target.id} onRestored={onRestored} handleAdminError={handleAdminError} />
      )}
    </Drawer>
  );
}
