import { Button, Input } from 'antd';
import { MAX_ALT_LENGTH, MAX_MEDIA_BYTES, type UploadedMedia } from '@team/contracts';
import { useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { useToast } from '@/components/ui/toast';
import { useUploadMediaMutation } from '../api/media';

interface UploadZoneProps {
  onUploaded?: (media: UploadedMedia) => void;
  handleAdminError: (error: unknown) => boolean;
}

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/svg+xml';

/**
 * Adds an image to the library: chosen with the file picker, dropped on the zone, or pasted into
 * it, with its alt text. The server checks the file by its content; the size is checked here too,
 * so a file that is too big is not sent at all.
 */
export function UploadZone({ onUploaded, handleAdminError }: UploadZoneProps) {
  const [upload, { isLoading }] = useUploadMediaMutation();
  const [alt, setAlt] = useState('');
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { toast } = useToast();

  const send = async (file: File | undefined | null) => {
    if (!file) return;
    setProblem(null);
    if (file.size > MAX_MEDIA_BYTES) {
      setProblem(`${file.name} is larger than ${MAX_MEDIA_BYTES / 1024 / 1024} MB.`);
      return;
    }
    try {
      const media = await upload({ file, alt }).unwrap();
      setAlt('');
      toast({ title: 'Success', description: `${media.fileName} added to the media library` });
      onUploaded?.(media);
    } catch (error) {
      if (handleAdminError(error)) return;
      setProblem(serverErrorMessage(error, 'Failed to upload the image'));
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void send(event.dataTransfer.files[0]);
  };
  const onPaste = (event: ClipboardEvent) => {
    const file = [...event.clipboardData.files][0];
    if (!file) return;
    event.preventDefault();
    void send(file);
  };

  return (
    <div
      className={dragging ? 'upload-zone dragging' : 'upload-zone'}
      role="group"
      aria-label="Upload an image"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      onPaste={onPaste}
    >
      <p>Drop an image here, paste one, or choose a file. PNG, JPEG, WebP, GIF or SVG, up to 10 MB.</p>
      <Input aria-label="Alt text" placeholder="Alt text: what the image shows" value={alt} maxLength={MAX_ALT_LENGTH} onChange={(event) => setAlt(event.target.value)} />
      <input ref={input} type="file" accept={ACCEPT} hidden aria-label="Image file" onChange={(event) => void send(event.target.files?.[0]).finally(() => (event.target.value = ''))} />
      <Button type="primary" loading={isLoading} onClick={() => input.current?.click()}>
        {isLoading ? 'Uploading...' : 'Choose a file'}
      </Button>
      {problem && (
        <p role="alert" className="upload-zone-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
