import { Modal } from 'antd';
import { ThemedAntd } from '@/components/ui/ThemedAntd';
import { newIdConfirmLine, type NewIdClash } from '@/lib/new-id-clash';

export interface NewIdConfirmProps {
  /** The rows with a new Discord ID under a known name, each with its label ("Team 2, player 1"). */
  rows: readonly { label: string; clash: NewIdClash }[];
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before recording rows whose new Discord ID comes with a known player's name: each would
 * become a new player. A chunk of its own with antd's theme (see new-id-clash.ts), so Record
 * Match still loads no antd on its first paint. The form unmounts it on either answer.
 */
export default function NewIdConfirm({ rows, onConfirm, onCancel }: NewIdConfirmProps) {
  return (
    <ThemedAntd>
      <Modal open title="New Discord IDs for known names" okText="Record anyway" cancelText="Go back" onOk={onConfirm} onCancel={onCancel}>
        <p>Recording makes each of these a new player, although a known player has the same name:</p>
        <ul className="new-id-confirm-rows">
          {rows.map(({ label, clash }) => (
            <li key={label}>{newIdConfirmLine(label, clash)}</li>
          ))}
        </ul>
        <p>Go back to pick the known player from the list, or record them as new players.</p>
      </Modal>
    </ThemedAntd>
  );
}
