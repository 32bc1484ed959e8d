import { ArrowDownOutlined } from '@/components/ui/icons/ArrowDownOutlined';
import { ArrowUpOutlined } from '@/components/ui/icons/ArrowUpOutlined';
import { MinusOutlined } from '@/components/ui/icons/MinusOutlined';
import { formatSigned, MISSING } from '@/utils/format';

/** An ELO change with its sign and an arrow: "↑ +12", "↓ -8". */
export function EloChange({ value }: { value: number | null }) {
  if (value == null) return <span className="elo-change">{MISSING}</span>;
  const direction = value > 0 ? 'up' : value < 0 ? 'down' : 'flat';
  const icon = direction === 'up' ? <ArrowUpOutlined /> : direction === 'down' ? <ArrowDownOutlined /> : <MinusOutlined />;
  return (
    <span
      className={`elo-change elo-change-${direction} ${direction === 'up' ? 'text-win' : direction === 'down' ? 'text-loss' : 'muted'}`}
    >
      <span aria-hidden>{icon}</span> {formatSigned(value)}
    </span>
  );
}
