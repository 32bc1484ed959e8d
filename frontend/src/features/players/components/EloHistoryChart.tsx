import type { PlayerMatchRecord } from '@team/contracts';
import { chartPoints, ratingHistory, ratingTicks, type RatingLine, type RatingPoint, type RatingPool } from '../rating-lines';
import './elo-history-chart.css';
import { useDateFormat } from '@/lib/date-format';

const LINE_COLOURS = ['#e11d48', '#2563eb', '#16a34a', '#d97706', '#7c3aed', '#0891b2'];

/** The plot's drawing units: the SVG stretches them to its box (the width follows the card). */
const VIEW_WIDTH = 1000;
const PLOT_TOP = 8;

export type EloHistoryChartProps =
  /** A player's history (the profile): one line per rating pool. */
  | { records: PlayerMatchRecord[]; lines?: undefined; caption?: string }
  /** Lines given as they are (the compare view: one per player, in one pool). */
  | { lines: RatingLine[]; records?: undefined; caption?: string };

/** Each line's runs of points as path data; a match a line has no rating for is stepped over (the line joins its neighbours). */
function linePath(points: RatingPoint[], key: string, x: (i: number) => number, y: (value: number) => number): string {
  return points
    .flatMap((point, i) => (typeof point[key] === 'number' ? [`${x(i).toFixed(1)} ${y(point[key] as number).toFixed(1)}`] : []))
    .map((xy, i) => `${i === 0 ? 'M' : 'L'}${xy}`)
    .join(' ');
}

/**
 * Rating-history lines as a plain SVG (no chart library: the compare view draws it on its
 * first load), with a legend when there are several. The plot stretches to its card's width;
 * strokes and dots keep their size (non-scaling strokes; a dot is a zero-length round-capped
 * segment). Each dot's title gives the line, the date and the rating.
 */
export default function EloHistoryChart({ records, lines, caption = 'Rating History' }: EloHistoryChartProps) {
  const dates = useDateFormat();
  const { points, pools }: { points: RatingPoint[]; pools: RatingPool[] } = records
    ? ratingHistory(records, dates.date)
    : { points: chartPoints(lines, dates.date), pools: lines };
  if (points.length < 2) return null;
  const height = pools.length > 1 ? 190 : 160;
  const values = points.flatMap((point) => pools.map((pool) => point[pool.key]).filter((value): value is number => typeof value === 'number'));
  const ticks = ratingTicks(Math.min(...values) - 20, Math.max(...values) + 20);
  const [low, high] = [ticks[0]!, ticks[ticks.length - 1]!];
  const y = (value: number) => PLOT_TOP + (height - 2 * PLOT_TOP) * (1 - (value - low) / (high - low));
  const x = (i: number) => (VIEW_WIDTH * i) / (points.length - 1);

  return (
    <figure className="elo-history-chart" aria-label={caption}>
      <figcaption className="muted">{caption}</figcaption>
      <div className="line-chart">
        <div className="line-chart-ticks" style={{ height }} aria-hidden>
          {ticks.map((tick) => (
            <span key={tick} style={{ top: y(tick) }}>
              {tick}
            </span>
          ))}
        </div>
        <div className="line-chart-area">
          <svg className="line-chart-plot" viewBox={`0 0 ${VIEW_WIDTH} ${height}`} preserveAspectRatio="none" height={height} focusable="false" aria-hidden>
            {ticks.map((tick) => (
              <line key={tick} className="line-chart-grid" x1={0} x2={VIEW_WIDTH} y1={y(tick)} y2={y(tick)} vectorEffect="non-scaling-stroke" />
            ))}
            {pools.map((pool, index) => {
              const colour = LINE_COLOURS[index % LINE_COLOURS.length];
              return (
                <g key={pool.key} className="line-chart-line" data-line={pool.name} stroke={colour}>
                  <path d={linePath(points, pool.key, x, y)} fill="none" strokeWidth={2} vectorEffect="non-scaling-stroke" />
                  {points.map((point, i) =>
                    typeof point[pool.key] === 'number' ? (
                      <path key={point.matchId} d={`M${x(i)} ${y(point[pool.key] as number)} h0`} className="line-chart-dot" vectorEffect="non-scaling-stroke">
                        <title>{`${pool.name}, ${point.date}: ${point[pool.key]} ELO`}</title>
                      </path>
                    ) : null,
                  )}
                </g>
              );
            })}
          </svg>
          <div className="line-chart-dates muted" aria-hidden>
            <span>{points[0]!.date}</span>
            <span>{points[points.length - 1]!.date}</span>
          </div>
        </div>
      </div>
      {pools.length > 1 && (
        <ul className="line-chart-legend" aria-label="Legend">
          {pools.map((pool, index) => (
            <li key={pool.key}>
              <span className="line-chart-swatch" style={{ background: LINE_COLOURS[index % LINE_COLOURS.length] }} aria-hidden />
              {pool.name}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
