import type { CSSProperties } from 'react';

/** A CSS loading placeholder for the public pages (no antd Skeleton on the home page). */
export function Shimmer({ width = '100%', height = '1rem', style }: { width?: CSSProperties['width']; height?: CSSProperties['height']; style?: CSSProperties }) {
  return <span className="shimmer" aria-hidden style={{ width, height, ...style }} />;
}

/** A few shimmering lines, for a block of text still loading. */
export function ShimmerLines({ lines = 3 }: { lines?: number }) {
  return (
    <span className="shimmer-lines" role="status" aria-label="Loading">
      {Array.from({ length: lines }, (_, i) => (
        <Shimmer key={i} width={i === lines - 1 ? '60%' : '100%'} />
      ))}
    </span>
  );
}
