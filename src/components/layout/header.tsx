import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { BoltIcon, CartIcon, CloseIcon, SearchIcon, UserIcon } from '../icons';
import { SearchBox } from './search-box';

export interface HeaderUser {
  name: string;
  role: 'ADMIN' | 'GENERAL';
  profilePic: string | null;
}

export interface HeaderProps {
  /** null while signed out. */
  user: HeaderUser | null;
  /** Number of cart lines (spec §3: "the cart count is the number of the user's cart items"). */
  cartCount: number;
  onLogout: () => void;
  loggingOut?: boolean;
}

export function Header({ user, cartCount, onLogout, loggingOut = false }: HeaderProps) {
  const [mobileSearchOpen, setMobileSearchOpen] = useState(false);
  const mobileSearchId = useId();
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  // Leaving for another page folds the phone search away again (kept open on /search itself).
  if (location.pathname !== lastPath) {
    setLastPath(location.pathname);
    if (location.pathname !== '/search') setMobileSearchOpen(false);
  }
  // The open row makes the fixed header taller: styles.css lengthens --header-height while
  // this attribute is on, so the page's first line (and anchors, sticky bars) start below it.
  useEffect(() => {
    if (!mobileSearchOpen) return;
    const root = document.documentElement;
    root.dataset.mobileSearch = 'open';
    return () => {
      delete root.dataset.mobileSearch;
    };
  }, [mobileSearchOpen]);

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-zinc-200 bg-white shadow-sm">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex shrink-0 items-center gap-2 rounded-lg text-lg font-extrabold tracking-tight text-zinc-900" aria-label="Voltmart home">
          <BoltIcon className="size-8" />
          <span className="hidden min-[360px]:inline">
            Volt<span className="text-brand-700">mart</span>
          </span>
        </Link>

        <SearchBox id="header-search" className="mx-auto hidden w-full max-w-md md:block" />

        <div className="ml-auto flex items-center gap-1 sm:gap-2 md:ml-0">
          <button
            type="button"
            className="icon-btn md:hidden"
            aria-label={mobileSearchOpen ? 'Close search' : 'Open search'}
            aria-expanded={mobileSearchOpen}
            aria-controls={mobileSearchId}
            onClick={() => setMobileSearchOpen((open) => !open)}
          >
            {mobileSearchOpen ? <CloseIcon className="size-5" /> : <SearchIcon className="size-5" />}
          </button>

          {user ? (
            <>
              <ProfileMenu user={user} />
              <CartLink count={cartCount} />
              <button type="button" className="btn-primary px-3 sm:px-4" onClick={onLogout} disabled={loggingOut}>
                Logout
              </button>
            </>
          ) : (
            <>
              {/* A visitor's cart is kept too (on their cookie): once it holds something, its link shows. */}
              {cartCount > 0 ? <CartLink count={cartCount} /> : null}
              <Link to="/login" className="btn-primary px-5">
                Login
              </Link>
            </>
          )}
        </div>
      </div>

      {/* Exactly --mobile-search-height tall, the amount the page moves down while it is open. */}
      <div id={mobileSearchId} hidden={!mobileSearchOpen} className="flex h-(--mobile-search-height) items-center border-t border-zinc-200 bg-white px-4 md:hidden">
        {mobileSearchOpen ? <SearchBox id="mobile-search" className="w-full" autoFocus /> : null}
      </div>
    </header>
  );
}

function CartLink({ count }: { count: number }) {
  return (
    <Link to="/cart" className="icon-btn relative" aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}>
      <CartIcon className="size-6" />
      <span
        className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-xs font-bold text-white"
        aria-hidden="true"
        data-testid="cart-count"
      >
        {count}
      </span>
    </Link>
  );
}

function ProfileMenu({ user }: { user: HeaderUser }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div className="relative" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn overflow-hidden"
        aria-label={`Account menu for ${user.name}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {user.profilePic ? (
          <img src={user.profilePic} alt="" width={36} height={36} className="size-9 rounded-full object-cover" />
        ) : (
          <UserIcon className="size-6" data-testid="default-avatar" />
        )}
      </button>
      <div id={menuId} hidden={!open} className="absolute right-0 top-12 w-52 rounded-xl border border-zinc-200 bg-white p-2 shadow-lg">
        <p className="truncate px-3 py-2 text-sm font-semibold text-zinc-900">{user.name}</p>
        <nav aria-label="Account">
          <ul className="flex flex-col">
            {user.role === 'ADMIN' ? (
              <li>
                <Link to="/admit-panel/all-products" onClick={close} className="block rounded-lg px-3 py-2 text-sm text-zinc-800 hover:bg-zinc-100">
                  Admin Panel
                </Link>
              </li>
            ) : null}
            <li>
              <Link to="/account" onClick={close} className="block rounded-lg px-3 py-2 text-sm text-zinc-800 hover:bg-zinc-100">
                My account
              </Link>
            </li>
            <li>
              <Link to="/order" onClick={close} className="block rounded-lg px-3 py-2 text-sm text-zinc-800 hover:bg-zinc-100">
                Order
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
