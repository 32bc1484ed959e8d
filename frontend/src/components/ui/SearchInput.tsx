import { CloseCircleFilled } from '@/components/ui/icons/CloseCircleFilled';
import { SearchOutlined } from '@/components/ui/icons/SearchOutlined';
import './controls.css';

/**
 * A text box with a search icon and a clear button, drawn like antd's Input with `prefix` and
 * `allowClear`, for screens that do not load antd. The clear button is skipped by Tab, as
 * antd's is: Escape-free clearing stays one click, and the field itself keeps the focus order.
 */
export function SearchInput({
  value,
  onChange,
  placeholder,
  label,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The field's accessible name. */
  label: string;
  className?: string;
}) {
  return (
    <div className={['plain-input', 'plain-input-affix', className].filter(Boolean).join(' ')}>
      <span className="plain-input-icon" aria-hidden>
        <SearchOutlined />
      </span>
      <input type="text" value={value} placeholder={placeholder} aria-label={label} onChange={(event) => onChange(event.target.value)} />
      {value && (
        <button type="button" className="plain-input-clear" tabIndex={-1} aria-label="Clear" onClick={() => onChange('')}>
          <CloseCircleFilled />
        </button>
      )}
    </div>
  );
}
