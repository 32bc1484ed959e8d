import { Alert, Button, Card, Empty, Pagination, Popconfirm, Skeleton } from 'antd';
import type { MediaItem } from '@team/contracts';
import { useState } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { useToast } from '@/components/ui/toast';
import { AdminScreenHeader } from '../../shared/AdminScreenHeader';
import { useDeleteMediaMutation, useGetMediaQuery } from '../../shared/api/media';
import { MediaThumb } from '../../shared/media-picker/MediaPicker';
import { UploadZone } from '../../shared/media-picker/UploadZone';
import { AltTextEditor } from './AltTextEditor';
import '../../shared/media-picker/media-picker.css';

export interface MediaLibraryProps {
  onLogout: () => void;
  handleAdminError: (error: unknown) => boolean;
}

/** What the delete confirm says: the places that show the image, so nobody deletes a logo by mistake. */
export function deleteQuestion(item: Pick<MediaItem, 'fileName' | 'usedBy'>): string {
  if (item.usedBy.length === 0) return `${item.fileName} is not used anywhere on the site.`;
  return `${item.fileName} is used by: ${item.usedBy.join('; ')}. Those places will show no image.`;
}

function MediaCard({ item, handleAdminError }: { item: MediaItem; handleAdminError: (error: unknown) => boolean }) {
  const [remove, { isLoading }] = useDeleteMediaMutation();
  const { toast } = useToast();
  const onDelete = async () => {
    try {
      await remove(item.id).unwrap();
      toast({ title: 'Success', description: `${item.fileName} deleted` });
    } catch (error) {
      if (handleAdminError(error)) return;
      toast({ title: 'Error', description: serverErrorMessage(error, 'Failed to delete the image'), variant: 'destructive' });
    }
  };
  return (
    <li className="media-card">
      <MediaThumb item={item} />
      <span className="media-card-name" title={item.fileName}>
        {item.fileName}
      </span>
      <span className="muted">
        {item.width} × {item.height} · {Math.max(1, Math.round(item.bytes / 1024))} KB
      </span>
      <AltTextEditor item={item} handleAdminError={handleAdminError} />
      {item.usedBy.length > 0 && <span className="muted">Used by: {item.usedBy.join('; ')}</span>}
      <span className="media-card-actions">
        <Button size="small" onClick={() => void navigator.clipboard?.writeText(item.url)} aria-label={`Copy the address of ${item.fileName}`}>
          Copy address
        </Button>
        <Popconfirm title={`Delete ${item.fileName}?`} description={deleteQuestion(item)} okText="Delete" okButtonProps={{ danger: true }} onConfirm={onDelete}>
          <Button size="small" danger loading={isLoading} aria-label={`Delete ${item.fileName}`}>
            Delete
          </Button>
        </Popconfirm>
      </span>
    </li>
  );
}

/** /admin/media: upload (file picker, drag and drop, paste) with alt text, the library, alt edits, and delete. */
export function MediaLibrary({ onLogout, handleAdminError }: MediaLibraryProps) {
  const [page, setPage] = useState(1);
  const media = useGetMediaQuery(page, { refetchOnMountOrArgChange: true });
  return (
    <div>
      <AdminScreenHeader title="Media Library" subtitle="Images for the logo, sections, blocks and roster, resized for every screen." onLogout={onLogout} />
      <Card title="Upload" role="region" aria-label="Upload">
        <UploadZone handleAdminError={handleAdminError} />
      </Card>
      <Card title="Images" role="region" aria-label="Images" className="media-library-list">
        {media.isLoading && <Skeleton active />}
        {media.isError && <Alert type="error" showIcon title={serverErrorMessage(media.error, 'Failed to load the media library')} />}
        {media.data && media.data.items.length === 0 && <Empty description="No images yet: upload one above." />}
        {media.data && media.data.items.length > 0 && (
          <>
            <ul className="media-grid" aria-label="Images">
              {media.data.items.map((item) => (
                <MediaCard key={item.id} item={item} handleAdminError={handleAdminError} />
              ))}
            </ul>
            <Pagination current={page} pageSize={media.data.pageSize} total={media.data.total} onChange={setPage} hideOnSinglePage />
          </>
        )}
      </Card>
    </div>
  );
}
