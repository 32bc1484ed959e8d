import type { KeyboardEvent } from 'react';

/**
 * onKeyDown for an element that acts as a button without being one (a card, a table row):
 * Enter and Space run `action`, as they would on a button.
 */
export function onActivationKey(action: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    action();
  };
}
