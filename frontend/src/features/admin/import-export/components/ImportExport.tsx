import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Progress, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ImportDryRunReport, ImportProblem, ImportProgress } from '@team/contracts';
import { api, serverErrorMessage } from '@/lib/api';
import { sessionCovers, useKnownAdminSession } from '@/lib/admin-session';
import { LADDER_TAGS } from '@/lib/cache-tags';
import { useToast } from '@/components/ui/toast';
import { AdminScreenHeader } from '../../shared/AdminScreenHeader';
import { downloadEventLog, dryRunImport, runImport } from '../api/import-file';

export interface ImportExportProps {
  onLogout: () => void;
  /** True when the error was a rejected admin key (the session then ends). */
  handleAdminError: (error: unknown) => boolean;
}

const INTERRUPTED = 'The connection ended before the import finished. What was recorded stands: run it again to resume.';

const percentOf = (p: ImportProgress) => (p.total === 0 ? 100 : Math.floor((p.done / p.total) * 100));

/** A download as a button (a link underneath): its accessible name is its label alone. */
function DownloadButton({ href, label }: { href: string; label: string }) {
  return (
    <Button href={href} download icon={<DownloadOutlined aria-hidden />}>
      {label}
    </Button>
  );
}

function ProblemTable({ report }: { report: ImportDryRunReport }) {
  const unit = report.locator === 'line' ? 'Line' : 'Index';
  return (
    <Table<ImportProblem>
      size="small"
      rowKey={(p, i) => `${p.line}-${p.field}-${i}`}
      dataSource={report.problems}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      aria-label="Problems in the file"
      columns={[
        { title: unit, dataIndex: 'line', width: 90 },
        { title: 'Field', dataIndex: 'field', width: 160, render: (field: string) => (field ? <code>{field}</code> : '—') },
        { title: 'Message', dataIndex: 'message' },
      ]}
    />
  );
}

/** /admin/import-export: a file's dry run and import with progress, the exports and the templates. */
export function ImportExport({ onLogout, handleAdminError }: ImportExportProps) {
  const { toast } = useToast();
  const dispatch = useDispatch();
  // The raw event log is the owner's; the other exports are public.
  const canExportEventLog = sessionCovers(useKnownAdminSession(), 'owner');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportDryRunReport | null>(null);
  /** The file is checked and imported as older history (docs/import-export.md): rated now, in played order. */
  const [asHistory, setAsHistory] = useState(false);
  const [checking, setChecking] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [importing, setImporting] = useState(false);
  /** The stream ended (or broke) without its last line: the bar stops, and a rerun resumes. */
  const [interrupted, setInterrupted] = useState(false);

  const fail = (error: unknown, fallback: string) => {
    if (!handleAdminError(error)) toast({ title: 'Error', description: serverErrorMessage(error, fallback), variant: 'destructive' });
  };

  const check = async (chosen: File, backdated = false) => {
    setFile(chosen);
    setAsHistory(backdated);
    setReport(null);
    setProgress(null);
    setInterrupted(false);
    setChecking(true);
    try {
      setReport(await dryRunImport(chosen, backdated));
    } catch (error) {
      fail(error, 'Failed to check the file');
    } finally {
      setChecking(false);
    }
  };

  const start = async () => {
    if (!file) return;
    setImporting(true);
    setInterrupted(false);
    try {
      const last = await runImport(file, setProgress, asHistory);
      if (last?.type === 'failed') toast({ title: 'Import stopped', description: last.error, variant: 'destructive' });
      else if (last?.type === 'done') toast({ title: 'Import finished', description: `${last.recorded} matches recorded, ${last.skipped} already imported.` });
      else {
        setInterrupted(true);
        toast({ title: 'Import interrupted', description: INTERRUPTED, variant: 'destructive' });
      }
      dispatch(api.util.invalidateTags([...LADDER_TAGS]));
    } catch (error) {
      setInterrupted(true);
      fail(error, 'Failed to import the file');
      dispatch(api.util.invalidateTags([...LADDER_TAGS]));
    } finally {
      setImporting(false);
    }
  };

  const eventLog = async () => {
    try {
      await downloadEventLog();
    } catch (error) {
      fail(error, 'Failed to export the event log');
    }
  };

  const toRecord = report ? report.matches - report.alreadyImported : 0;
  return (
    <div>
      <AdminScreenHeader
        title="Import & Export"
        subtitle="Bring a team's match history in from a file, and take the ladder's data out."
        onLogout={onLogout}
      />
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card title="Import matches" size="small" role="region" aria-label="Import matches">
          <Typography.Paragraph>
            A CSV file (one row per player per match) or a JSON file (one object per match). Every match is checked first with the
            same rules as Record Match; matches already imported are skipped, so a stopped import can be run again.
          </Typography.Paragraph>
          <div className="import-templates">
            <span className="muted">Start from a template:</span>
            <DownloadButton href="/api/export/templates/matches.csv" label="CSV template" />
            <DownloadButton href="/api/export/templates/matches.json" label="JSON template" />
          </div>
          <Upload.Dragger
            accept=".csv,.json,.ndjson,text/csv,application/json"
            aria-label="File to import"
            disabled={importing}
            showUploadList={false}
            maxCount={1}
            beforeUpload={(chosen) => {
              void check(chosen);
              // The file is sent by check(), not by the Upload's own request.
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p className="ant-upload-text">Choose a file to import, or drop it here</p>
            <p className="ant-upload-hint">CSV or JSON. It is checked first: nothing is recorded until you press Import.</p>
          </Upload.Dragger>
          {checking && <Typography.Paragraph>Checking the file…</Typography.Paragraph>}
          {report && !report.ok && report.backdated > 0 && !asHistory && file && (
            <Alert
              type="info"
              showIcon
              style={{ marginTop: 16 }}
              title={`${report.backdated} ${report.backdated === 1 ? 'match was' : 'matches were'} played before the ladder's latest match.`}
              description={
                <Space direction="vertical">
                  <span>
                    Older history can still come in: the whole file is then rated now, in played order, after the matches the ladder
                    holds, and each match shows the date it was played.
                  </span>
                  <Button onClick={() => void check(file, true)}>Check as older history</Button>
                </Space>
              }
            />
          )}
          {report && !report.ok && (
            <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
              <Alert
                type="error"
                showIcon
                title={`${report.problems.length + report.moreProblems} problems in ${report.file}: nothing can be imported until they are fixed.`}
                description={report.moreProblems > 0 ? `The first ${report.problems.length} are listed.` : undefined}
              />
              <ProblemTable report={report} />
            </Space>
          )}
          {report?.ok && (
            <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
              <Alert
                type="success"
                showIcon
                title={`${report.file}: ${report.matches} matches (${report.rows} ${report.format === 'csv' ? 'rows' : 'items'}) are valid.`}
                description={`${toRecord} to record, ${report.alreadyImported} already imported.${asHistory && report.backdated > 0 ? ` As older history: rated now, in played order (${report.backdated} played before the ladder's latest match).` : ''}`}
              />
              <Button type="primary" onClick={() => void start()} loading={importing} disabled={importing || (progress?.type === 'done')}>
                Import
              </Button>
            </Space>
          )}
          {progress && (
            <div style={{ marginTop: 16 }} aria-live="polite">
              <Progress
                percent={percentOf(progress)}
                status={progress.type === 'failed' || interrupted ? 'exception' : progress.type === 'done' ? 'success' : 'active'}
                aria-label="Import progress"
              />
              <Typography.Paragraph>
                {progress.done} of {progress.total} matches: {progress.recorded} recorded, {progress.skipped} skipped as already imported
                {progress.type === 'done' ? ` in ${(progress.ms / 1000).toFixed(1)} s.` : '.'}
                {progress.type === 'failed' ? ` Stopped at line ${progress.line} (match ${progress.matchKey}): ${progress.error}` : ''}
                {interrupted && progress.type === 'progress' ? ` ${INTERRUPTED}` : ''}
              </Typography.Paragraph>
            </div>
          )}
        </Card>
        <Card title="Export" size="small" role="region" aria-label="Export">
          <Typography.Paragraph type="secondary">
            The players and the matches are public data; the match files use the import format, so they can be imported elsewhere.
          </Typography.Paragraph>
          <div className="export-actions">
            <DownloadButton href="/api/export/players.csv" label="Players (CSV)" />
            <DownloadButton href="/api/export/matches.csv" label="Matches with players (CSV, the import format)" />
            <DownloadButton href="/api/export/matches.json" label="Matches with players (JSON, the import format)" />
            {canExportEventLog && (
              <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void eventLog()}>
                Event log (NDJSON, admin only)
              </Button>
            )}
          </div>
        </Card>
      </Space>
    </div>
  );
}
