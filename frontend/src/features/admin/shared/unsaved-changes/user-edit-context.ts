import { createContext, useContext } from 'react';

/**
 * Told of every edit a person makes in an editor below it (a keystroke or format in the rich
 * text editor). Quill also reports the changes it makes itself while loading a value (its own
 * HTML for the same text); those are not edits, so only the user's are passed on.
 */
export const UserEditContext = createContext<(() => void) | null>(null);

export function useUserEditSignal(): () => void {
  return useContext(UserEditContext) ?? noop;
}

function noop() {}
