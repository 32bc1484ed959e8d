import { createContext, type ComponentType } from 'react';

export interface PastProfileProps {
  playerId: number | null;
  /** The log position the profile is read at. */
  asOf: number;
  onClose: () => void;
}

/**
 * Where a feature that cannot import the players feature (features do not import each other)
 * finds the dialog that shows a player's profile as of a past position. The route that
 * composes the screen provides it; without it, callers fall back to a link.
 */
export const PastProfileDialogSlot = createContext<ComponentType<PastProfileProps> | null>(null);
