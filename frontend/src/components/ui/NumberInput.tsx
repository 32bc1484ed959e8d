import { useState, type InputHTMLAttributes } from 'react';
import './controls.css';

export interface NumberInputProps extends Pick<InputHTMLAttributes<HTMLInputElement>, 'aria-invalid' | 'aria-describedby'> {
  id: string;
  value: number | null;
  /** The typed number, or null when the field holds none (emptied, or text that is no number). */
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
}

/**
 * A whole-number field (antd's InputNumber without antd). While it has the focus it shows
 * what is typed ("0" cleared, then "5", reads "5", not "05"); on blur it shows the value
 * the form kept, so "-3" or "2.5" settle to what the form made of them.
 *
 * Text that is no number ("-", "e") reads as an empty value, and when the field was already
 * empty React sees no change (no onChange): the input event still reports it (null), so the
 * form can make it 0 at once, even when Enter submits before the field is left.
 */
export function NumberInput({ id, value, onChange, min = 0, max, ...aria }: NumberInputProps) {
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <input
      {...aria}
      id={id}
      className="plain-input"
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      value={typed ?? (value == null ? '' : String(value))}
      onChange={(event) => {
        const text = event.target.value;
        setTyped(text);
        onChange(text.trim() === '' ? null : Number(text));
      }}
      onInput={(event) => {
        if (!event.currentTarget.validity.badInput) return;
        setTyped('');
        onChange(null);
      }}
      onBlur={() => setTyped(null)}
    />
  );
}
