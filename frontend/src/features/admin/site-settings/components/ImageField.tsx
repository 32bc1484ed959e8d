import { Button, Input } from 'antd';

interface ImageFieldProps {
  label: string;
  id: string;
  value: string | null;
  onChange: (url: string | null) => void;
  handleAdminError: (error: unknown) => boolean;
}

/** An image's address: pasted, or (with the media library) picked. Empty means none. */
export function ImageField({ label, id, value, onChange }: ImageFieldProps) {
  return (
    <div className="site-settings-field">
      <label htmlFor={id}>{label}</label>
      <span className="site-settings-image">
        {value && <img src={value} alt="" width={40} height={40} />}
        <Input id={id} placeholder="/media/… or https://…" value={value ?? ''} onChange={(event) => onChange(event.target.value.trim() || null)} />
        {value && <Button onClick={() => onChange(null)}>Clear</Button>}
      </span>
    </div>
  );
}
