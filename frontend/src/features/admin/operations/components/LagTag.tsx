import { Tag } from 'antd';
import { formatCount } from '../rebuild-figures';

/** "Up to date", or how many events the read tables are behind the log. */
export function LagTag({ lag }: { lag: number }) {
  if (lag === 0) return <Tag color="green">Up to date</Tag>;
  return (
    <Tag color="orange">
      {formatCount(lag)} {lag === 1 ? 'event' : 'events'} behind
    </Tag>
  );
}
