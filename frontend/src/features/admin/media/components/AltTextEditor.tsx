import { Button, Input } from 'antd';
import { altTextProblem, MAX_ALT_LENGTH, type MediaItem } from '@team/contracts';
import { useState } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { useToast } from '@/components/ui/toast';
import { useUpdateMediaMutation } from '../../shared/api/media';

interface AltTextEditorProps {
  item: Pick<MediaItem, 'id' | 'fileName' | 'alt'>;
  handleAdminError: (error: unknown) => boolean;
}

/**
 * An image's alt text on its library card, and the way to change it after the upload
 * (PATCH /api/admin/media/{id}, docs/site-settings.md): checked here by the upload's rule, then by the server.
 */
export function AltTextEditor({ item, handleAdminError }: AltTextEditorProps) {
  const [update, { isLoading }] = useUpdateMediaMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { toast } = useToast();

  if (draft === null) {
    return (
      <span className="media-card-alt">
        <span className="muted">{item.alt ? `Alt: ${item.alt}` : 'No alt text'}</span>
        <Button size="small" type="link" onClick={() => setDraft(item.alt)} aria-label={`Edit the alt text of ${item.fileName}`}>
          Edit
        </Button>
      </span>
    );
  }
  const save = async () => {
    const local = altTextProblem(draft);
    if (local) {
      setProblem(local);
      return;
    }
    try {
      await update({ id: item.id, alt: draft }).unwrap();
      toast({ title: 'Success', description: `Alt text of ${item.fileName} saved` });
      setDraft(null);
      setProblem(null);
    } catch (error) {
      if (handleAdminError(error)) return;
      setProblem(serverErrorMessage(error, 'Failed to save the alt text'));
    }
  };
  return (
    <form
      className="media-card-alt-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Input size="small" aria-label={`Alt text of ${item.fileName}`} value={draft} maxLength={MAX_ALT_LENGTH} onChange={(event) => setDraft(event.target.value)} autoFocus />
      <span className="media-card-actions">
        <Button size="small" type="primary" htmlType="submit" loading={isLoading}>
          Save
        </Button>
        <Button
          size="small"
          onClick={() => {
            setDraft(null);
            setProblem(null);
          }}
        >
          Cancel
        </Button>
      </span>
      {problem && (
        <p role="alert" className="upload-zone-problem">
          {problem}
        </p>
      )}
    </form>
  );
}
