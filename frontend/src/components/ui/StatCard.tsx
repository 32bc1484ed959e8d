import type { ReactNode } from 'react';
import { Panel } from './Panel';
import { Shimmer } from './Shimmer';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  loading?: boolean;
}

/** A labelled figure: the stat cards of Home and Dashboard. */
export function StatCard({ label, value, icon, loading }: StatCardProps) {
  return (
    <Panel className="stat-card" aria-label={label}>
      <div className="stat-card-row">
        <div>
          <div className="stat-card-label">{label}</div>
          {loading ? (
            <Shimmer width={96} height="1.75rem" style={{ marginTop: 6 }} />
          ) : (
            <div className="stat-card-value">{value}</div>
          )}
        </div>
        {icon && (
          <div className="stat-card-icon" aria-hidden>
            {icon}
          </div>
        )}
      </div>
    </Panel>
  );
}
