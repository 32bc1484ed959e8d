import { Button, InputNumber } from 'antd';
import { GRADIENT_PRESETS } from '@team/contracts';
import { useId, useState } from 'react';
import { customGradientCss } from './quill-formats';

export interface GradientPickerProps {
  /** Applies the gradient CSS to the selection, or removes gradient text with `false`. */
  onPick: (css: string | false) => void;
}

/** The six preset gradients (docs/product.md#constants-and-limits) and a custom two-colour gradient with an angle. */
export function GradientPicker({ onPick }: GradientPickerProps) {
  const [from, setFrom] = useState('#dc2626');
  const [to, setTo] = useState('#2563eb');
  const [angle, setAngle] = useState(90);
  const id = useId();
  const custom = customGradientCss(from, to, angle);

  return (
    <div className="gradient-picker">
      <div className="gradient-picker-presets" role="group" aria-label="Gradient presets">
        {GRADIENT_PRESETS.map((preset) => (
          <button
            key={preset.name}
            type="button"
            className="gradient-preset"
            onClick={() => onPick(preset.css)}
            aria-label={`${preset.name} gradient`}
          >
            <span className="gradient-preset-swatch" style={{ backgroundImage: preset.css }} aria-hidden />
            <span className="gradient-preset-name" style={{ backgroundImage: preset.css }}>
              {preset.name}
            </span>
          </button>
        ))}
      </div>
      <fieldset className="gradient-picker-custom">
        <legend>Custom gradient</legend>
        <div className="gradient-picker-row">
          <label htmlFor={`${id}-from`}>From</label>
          <input id={`${id}-from`} type="color" value={from} onChange={(event) => setFrom(event.target.value)} />
          <label htmlFor={`${id}-to`}>To</label>
          <input id={`${id}-to`} type="color" value={to} onChange={(event) => setTo(event.target.value)} />
          <label htmlFor={`${id}-angle`}>Angle</label>
          <InputNumber
            id={`${id}-angle`}
            min={0}
            max={360}
            value={angle}
            onChange={(value) => setAngle(typeof value === 'number' ? value : 0)}
            suffix="°"
            size="small"
            style={{ width: 84 }}
          />
        </div>
        <div className="gradient-preset-swatch gradient-picker-preview" style={{ backgroundImage: custom }} aria-hidden />
        <div className="gradient-picker-actions">
          <Button size="small" type="primary" onClick={() => onPick(custom)}>
            Apply Custom Gradient
          </Button>
          <Button size="small" onClick={() => onPick(false)}>
            Remove Gradient
          </Button>
        </div>
      </fieldset>
    </div>
  );
}
