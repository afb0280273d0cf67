import { useEffect, useRef } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router';

/** Navigates after `delayMs`, unless the page has gone by then. */
export function useDelayedNavigate(delayMs: number) {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (to: string, options?: NavigateOptions) => {
    timer.current = setTimeout(() => navigate(to, options), delayMs);
  };
}
