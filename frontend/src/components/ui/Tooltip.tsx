import { Tooltip as AntTooltip, type TooltipProps } from 'antd';
import { useTooltipTiming } from './tooltip-timing';

/**
 * antd's Tooltip with docs/product.md#constants-and-limits's timing: it opens 700 ms after the pointer arrives, or at once
 * while another tooltip is open or closed less than 300 ms ago. antd's own delay (set per
 * opening here) only knows the first half.
 */
export function Tooltip({ onOpenChange, ...props }: TooltipProps) {
  const timing = useTooltipTiming();
  return (
    <AntTooltip
      mouseEnterDelay={timing.openDelayMs / 1000}
      {...props}
      onOpenChange={(open) => {
        timing.onOpenChange(open);
        onOpenChange?.(open);
      }}
    />
  );
}
