import { Button, Empty, Modal, Pagination, Skeleton } from 'antd';
import type { MediaItem, UploadedMedia } from '@team/contracts';
import { useState } from 'react';
import { useGetMediaQuery } from '../api/media';
import { UploadZone } from './UploadZone';
import './media-picker.css';

/** What a picked image gives: its address, and what an <img> needs to show it without a layout shift. */
export type PickedMedia = Pick<UploadedMedia, 'url' | 'width' | 'height' | 'alt' | 'srcset'>;

interface MediaPickerProps {
  /** What the picker is for, in its button's accessible name: "Logo", "Image URL". */
  label: string;
  onPick: (media: PickedMedia) => void;
  /** True when the error was a rejected admin key (the screen's session then ends). */
  handleAdminError?: (error: unknown) => boolean;
}

/** One image of the library, as a tile: the smallest WebP, with its width and height. */
export function MediaThumb({ item }: { item: Pick<MediaItem, 'url' | 'srcset' | 'alt' | 'width' | 'height'> }) {
  return <img src={item.url} srcSet={item.srcset || undefined} sizes="160px" alt={item.alt} width={item.width} height={item.height} loading="lazy" />;
}

/**
 * "Choose from library" beside an image address: the library in a dialog, to pick an image or
 * upload one (picked at once). Pasting an address into the field still works.
 */
export function MediaPicker({ label, onPick, handleAdminError = () => false }: MediaPickerProps) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const media = useGetMediaQuery(page, { skip: !open });
  const pick = (item: PickedMedia) => {
    onPick({ url: item.url, width: item.width, height: item.height, alt: item.alt, srcset: item.srcset });
    setOpen(false);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-label={`Choose from library: ${label}`}>
        Choose from library
      </Button>
      <Modal open={open} title="Media library" footer={null} width={820} onCancel={() => setOpen(false)} destroyOnHidden>
        <UploadZone onUploaded={pick} handleAdminError={handleAdminError} />
        {media.isLoading && <Skeleton active />}
        {media.data && media.data.items.length === 0 && <Empty description="No images yet: upload one above." />}
        {media.data && media.data.items.length > 0 && (
          <>
            <ul className="media-grid" aria-label="Images">
              {media.data.items.map((item) => (
                <li key={item.id}>
                  <button type="button" className="media-tile" onClick={() => pick(item)} aria-label={`Use ${item.fileName}${item.alt ? ` (${item.alt})` : ''}`}>
                    <MediaThumb item={item} />
                    <span>{item.fileName}</span>
                  </button>
                </li>
              ))}
            </ul>
            <Pagination current={page} pageSize={media.data.pageSize} total={media.data.total} onChange={setPage} hideOnSinglePage size="small" />
          </>
        )}
      </Modal>
    </>
  );
}
