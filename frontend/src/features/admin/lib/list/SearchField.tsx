import { useEffect, useRef, useState } from 'react';
import { TextField } from '@/components/ui/TextField';

/** How long typing pauses before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box that reports its trimmed text once typing pauses (or at once on Enter). It
 * follows `value` when that changes from outside (the browser's back button).
 */
export function SearchField({
  label,
  placeholder,
  value,
  onSearch,
  className,
}: {
  label: string;
  placeholder?: string;
  /** The search in effect (the URL's `q`). */
  value: string;
  onSearch: (q: string) => void;
  className?: string;
}) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    if (value !== text.trim()) setText(value);
  }

  const report = useRef(onSearch);
  useEffect(() => {
    report.current = onSearch;
  });
  useEffect(() => {
    const q = text.trim();
    if (q === value) return;
    const timer = window.setTimeout(() => report.current(q), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value]);

  return (
    <TextField
      label={label}
      type="search"
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && text.trim() !== value) report.current(text.trim());
      }}
      className={className}
    />
  );
}
