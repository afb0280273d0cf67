import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { SearchIcon } from '@/components/ui/icons';
import { btn } from '@/components/ui/styles';

/** The header's product search: to /search?q= (blank text does nothing); `onDone` closes it. */
export function SearchBox({ onDone }: { onDone: () => void }) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const { t } = useLingui();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    navigate(`/search?q=${encodeURIComponent(q)}`);
    setText('');
    onDone();
  };
  return (
    <form
      role="search"
      onSubmit={submit}
      onKeyDown={(e) => e.key === 'Escape' && onDone()}
      className="mx-auto flex max-w-2xl gap-2 px-4 py-3"
    >
      <label htmlFor="site-search" className="sr-only">
        <Trans>Search products</Trans>
      </label>
      <input
        id="site-search"
        type="search"
        autoFocus
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t`Search for products...`}
        className="min-h-11 min-w-0 flex-1 rounded-lg border border-stone-300 px-3 py-2 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      <button type="submit" className={btn.primary}>
        <SearchIcon size={18} />
        <span className="hidden sm:inline">{t`Search`}</span>
        <span className="sr-only sm:hidden">{t`Search`}</span>
      </button>
    </form>
  );
}
