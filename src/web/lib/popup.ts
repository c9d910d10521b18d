import { useState, type MouseEvent } from 'react';

/** Where the navigation bar's popups hang: under their button, right edges aligned. */
export const BELOW_BUTTON = {
  anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
  transformOrigin: { vertical: 'top', horizontal: 'right' },
} as const;

/**
 * A popup opened from a button, its code loaded on demand (React.lazy): the button it hangs from,
 * and how many times it was opened. Mount the popup once `openings > 0`, keyed by `openings`: it
 * stays mounted to animate its closing, and each opening starts afresh (focus on its first entry).
 */
export function usePopupAnchor() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [openings, setOpenings] = useState(0);
  return {
    anchor,
    openings,
    open: anchor !== null,
    openFrom(event: MouseEvent<HTMLElement>) {
      setOpenings((count) => count + 1);
      setAnchor(event.currentTarget);
    },
    close: () => setAnchor(null),
  };
}
