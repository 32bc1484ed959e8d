import { FileOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { BLOCK_TYPES, type BlockType } from '@team/contracts';
import { BLOCK_TYPE_INFO } from './block-types';

/** The page editor before a page is chosen. */
export function NoPageSelected() {
  return (
    <Card className="admin-empty">
      <FileOutlined style={{ fontSize: 32 }} className="muted" />
      <h2>No Page Selected</h2>
      <p className="muted">Choose a page from the list or create a new one.</p>
    </Card>
  );
}

/** One tile per block type: a new block of that type goes at the end of the page. */
export function AddBlockTiles({ onAdd }: { onAdd: (type: BlockType) => void }) {
  return (
    <Card size="small" title="Add Content Block">
      <div className="block-tiles">
        {BLOCK_TYPES.map((type) => (
          <Button key={type} className="block-tile" onClick={() => onAdd(type)} aria-label={`Add ${BLOCK_TYPE_INFO[type].label} block`}>
            {BLOCK_TYPE_INFO[type].icon}
            <span>{BLOCK_TYPE_INFO[type].label}</span>
          </Button>
        ))}
      </div>
    </Card>
  );
}
