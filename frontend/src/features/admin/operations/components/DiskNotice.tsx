import { Alert } from 'antd';
import type { HealthResponse } from '@team/contracts';

/**
 * The disk under the database, from health: an error while it is full (the database down or
 * refusing writes), a warning while it runs low (under 5% or 500 MB free), nothing otherwise.
 * Shown above everything, and also when the rest of the screen cannot load (the database down).
 */
export function DiskNotice({ health }: { health: HealthResponse | undefined }) {
  const warnings = health?.warnings ?? [];
  const lines = warnings.length > 0 && (
    <ul className="ops-disk-lines">
      {warnings.map((warning) => (
        <li key={warning}>{warning}</li>
      ))}
    </ul>
  );
  if (health?.cause === 'disk full') {
    return (
      <Alert
        type="error"
        showIcon
        className="ops-disk"
        title={health.database === 'down' ? 'The database is down: its disk is full' : "The database's disk is full: it refuses writes"}
        description={
          <>
            <p>
              Free space on the data folder&apos;s volume (old backups, logs, other files). The site starts the database again by itself and
              takes writes once there is room; nothing it acknowledged is lost.
            </p>
            {lines}
          </>
        }
      />
    );
  }
  if (!lines) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="ops-disk"
      title="Disk space is running low"
      description={
        <>
          <p>When the volume fills up, the database stops taking writes. Free some space or give the volume more.</p>
          {lines}
        </>
      }
    />
  );
}
