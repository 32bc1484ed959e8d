import { Button, Input } from 'antd';
import { MediaPicker } from '../../shared/media-picker/MediaPicker';

interface ImageFieldProps {
  label: string;
  id: string;
  value: string | null;
  onChange: (url: string | null) => void;
  handleAdminError: (error: unknown) => boolean;
}

/** An image's address: pasted, or picked from the media library. Empty means none. */
export function ImageField({ label, id, value, onChange, handleAdminError }: ImageFieldProps) {
  return (
    <div className="site-settings-field">
      <label htmlFor={id}>{label}</label>
      <span className="site-settings-image">
        {value && <img src={value} alt="" width={40} height={40} />}
        <Input id={id} placeholder="/media/… or https://…" value={value ?? ''} onChange={(event) => onChange(event.target.value.trim() || null)} />
        <MediaPicker label={label} onPick={(media) => onChange(media.url)} handleAdminError={handleAdminError} />
        {value && <Button onClick={() => onChange(null)}>Clear</Button>}
      </span>
    </div>
  );
}
