import { useEffect, type RefObject } from 'react';

/**
 * Closes an open popup (`setOpen(false)`) on Escape, giving the focus back to `button`, the
 * control that opened it; with `inside`, also on a press outside that element.
 */
export function useDismiss(
  open: boolean,
  setOpen: (open: boolean) => void,
  button: RefObject<HTMLElement | null>,
  inside?: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (inside?.current && !inside.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, setOpen, button, inside]);
}
