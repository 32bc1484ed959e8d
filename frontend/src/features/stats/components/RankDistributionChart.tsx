import './rank-distribution-chart.css';

export interface ChartBar {
  label: string;
  value: number;
  color: string;
}

const HEIGHT = 220;
/** Room under the plot for the tier names. */
const AXIS_HEIGHT = 22;
const PLOT_TOP = 8;
const PLOT_HEIGHT = HEIGHT - AXIS_HEIGHT - PLOT_TOP;
/** Share of each column the bar fills. */
const BAR_SHARE = 0.7;

/**
 * Whole-number ticks from 0 up to at least `max`, at most about four steps of 1, 2 or 5
 * times a power of ten (a count of players is never fractional).
 */
export function countTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough) ?? 10 * magnitude);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: top / step + 1 }, (_, i) => i * step);
}

/**
 * The rank distribution's bars as a plain SVG: a few hundred bytes where a chart library
 * weighed about 90 KiB gzipped on the dashboard's first load. Columns are placed in
 * percentages, so the chart takes its card's width without measuring it; only the height
 * is fixed. It is a picture of the counts listed under it, hence hidden from readers; each
 * bar's title still shows its count on hover.
 */
export function RankDistributionChart({ bars }: { bars: ChartBar[] }) {
  const ticks = countTicks(Math.max(0, ...bars.map((bar) => bar.value)));
  const top = ticks[ticks.length - 1]!;
  const y = (value: number) => PLOT_TOP + PLOT_HEIGHT * (1 - value / top);
  const column = 100 / bars.length;

  return (
    <div className="bar-chart" aria-hidden>
      <div className="bar-chart-ticks" style={{ height: HEIGHT }}>
        {ticks.map((tick) => (
          <span key={tick} style={{ top: y(tick) }}>
            {tick}
          </span>
        ))}
      </div>
      <svg className="bar-chart-plot" width="100%" height={HEIGHT} focusable="false">
        {ticks.map((tick) => (
          <line key={tick} className={tick === 0 ? 'bar-chart-axis' : 'bar-chart-grid'} x1="0" x2="100%" y1={y(tick)} y2={y(tick)} />
        ))}
        {bars.map((bar, i) => {
          const height = y(0) - y(bar.value);
          const x = `${(i + (1 - BAR_SHARE) / 2) * column}%`;
          const width = `${BAR_SHARE * column}%`;
          return (
            <g key={bar.label}>
              <title>{`${bar.label}: ${bar.value} players`}</title>
              {height > 0 && (
                <>
                  {/* Rounded at the top only: a rounded bar, its lower corners squared by a second rect. */}
                  <rect x={x} width={width} y={y(bar.value)} height={height} rx={4} fill={bar.color} />
                  {height > 4 && <rect x={x} width={width} y={y(0) - height / 2} height={height / 2} fill={bar.color} />}
                </>
              )}
              <text className="bar-chart-label" x={`${(i + 0.5) * column}%`} y={HEIGHT - 6} textAnchor="middle">
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
