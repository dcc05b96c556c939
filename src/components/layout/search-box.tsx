import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SearchIcon } from '../icons';

/** The URL the header search sends the shopper to for `text` (spec §2: `/search` when empty). */
export function searchPath(text: string): string {
  return text === '' ? '/search' : `/search?q=${encodeURIComponent(text)}`;
}

interface SearchBoxProps {
  id: string;
  className?: string;
  autoFocus?: boolean;
}

/**
 * Navigates on every keystroke; the search page debounces the actual fetch. While the
 * shopper is already on /search the history entry is replaced, so Back leaves the search
 * instead of stepping through every letter typed.
 */
export function SearchBox({ id, className = '', autoFocus = false }: SearchBoxProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const onSearchPage = location.pathname === '/search';
  const urlText = onSearchPage ? (params.get('q') ?? '') : '';

  const [text, setText] = useState(urlText);
  const [lastUrlText, setLastUrlText] = useState(urlText);
  const [typing, setTyping] = useState(false);
  // Back/forward or a link can change ?q= under us; follow it without an effect. While the
  // shopper is typing, the address lags a few letters behind (each navigation is a
  // transition, the first one also fetches the search page's code), so it must not
  // overwrite what is in the box.
  if (urlText !== lastUrlText) {
    setLastUrlText(urlText);
    if (!typing) setText(urlText);
  }

  const go = (value: string) => {
    void navigate(searchPath(value), { replace: onSearchPage });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go(text);
  };

  return (
    // A plain GET form underneath: without scripts it still takes the shopper to /search?q=...
    <form role="search" action="/search" method="get" className={`relative ${className}`} onSubmit={onSubmit}>
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        name="q"
        type="search"
        value={text}
        autoFocus={autoFocus}
        autoComplete="off"
        enterKeyHint="search"
        placeholder="Search product here..."
        className="h-10 w-full rounded-full border border-zinc-300 bg-zinc-50 pl-4 pr-11 text-base text-zinc-900 placeholder:text-zinc-500 focus:border-brand-600 focus:bg-white"
        onFocus={() => setTyping(true)}
        onBlur={() => setTyping(false)}
        onChange={(event) => {
          const value = event.target.value;
          setText(value);
          go(value);
        }}
      />
      <button
        type="submit"
        className="absolute right-1 top-1 inline-flex size-8 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800"
        aria-label="Search"
      >
        <SearchIcon className="size-4" />
      </button>
    </form>
  );
}
