import { useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Open or closed, like `useState(false)`, for a menu that closes when the page changes: a new
 * path closes it while that page renders (not in an effect, after it has rendered open once).
 */
export function useOpenUntilNavigation() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setOpen(false);
  }
  return [open, setOpen] as const;
}
