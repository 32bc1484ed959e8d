import { useRef, type KeyboardEvent } from 'react';
import { Hint } from './Hint';

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
  /** A tooltip saying what the choice means; also the button's accessible description. */
  hint?: string;
}

/**
 * One choice among a few, drawn like antd's Segmented, for screens that should not load
 * antd: a radio group of buttons, with arrow keys moving the choice as in any radio group.
 */
export function SegmentedChoice<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  const group = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const index = options.findIndex((option) => option.value === value);
    const next = options[(index + step + options.length) % options.length]!;
    onChange(next.value);
    group.current?.querySelector<HTMLButtonElement>(`[data-value="${CSS.escape(next.value)}"]`)?.focus();
  };

  return (
    <div ref={group} className="segmented-choice" role="radiogroup" aria-label={label} onKeyDown={onKeyDown}>
      {options.map((option) => {
        const checked = option.value === value;
        const button = (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            data-value={option.value}
            className={checked ? 'segmented-choice-item selected' : 'segmented-choice-item'}
            onClick={() => onChange(option.value)}
            aria-description={option.hint}
          >
            {option.label}
          </button>
        );
        return option.hint ? (
          <Hint key={option.value} title={option.hint} wide>
            {button}
          </Hint>
        ) : (
          button
        );
      })}
    </div>
  );
}
