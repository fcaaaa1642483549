import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useAuth, isAdmin } from '../features/auth/useAuth';
import { ChevronDownIcon, CloseIcon, MenuIcon } from '../components/icons';
import { CONVERTER_MENU } from '../content/siteLinks';
import { LinkItems } from '../components/LinkItems';
import { formatCredits } from '../features/convert/types';
import { Logo } from './Logo';
import { useDisclosure } from '../lib/useDisclosure';

const NAV = [
  { to: '/', label: 'Home' },
  { to: '/how-to-convert', label: 'How To' },
  { to: '/batch', label: 'Batch' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/compare', label: 'Compare' },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${isActive ? 'text-brand' : 'text-ink hover:bg-canvas'}`;

export function Header() {
  const { user, loading, openAuthDialog, logout } = useAuth();
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();

  useEffect(() => setMobileOpen(false), [location.pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
        <Link
          to="/"
          className="flex items-center gap-2 text-lg font-bold"
          aria-label="Tracery home"
        >
          <Logo />
          <span className="hidden min-[26rem]:inline">Tracery</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-0.5 xl:flex">
          {NAV.slice(0, 1).map((n) => (
            <NavLink key={n.to} to={n.to} end className={navClass}>
              {n.label}
            </NavLink>
          ))}
          <ConvertersMenu />
          {NAV.slice(1).map((n) => (
            <NavLink key={n.to} to={n.to} className={navClass}>
              {n.label}
            </NavLink>
          ))}
          {user && (
            <NavLink to="/dashboard" className={navClass}>
              Dashboard
            </NavLink>
          )}
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {user && isAdmin(user) && (
            <Link
              to="/admin"
              className="hidden rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold whitespace-nowrap text-amber-900 sm:inline-block"
            >
              Admin Panel
            </Link>
          )}
          {user ? (
            <>
              <Link
                to="/account"
                data-testid="credits-remaining"
                className="rounded-full bg-brand-soft px-3 py-1 text-sm font-semibold whitespace-nowrap text-brand"
                title={`${user.name}: ${user.subscription_tier.toUpperCase()} plan`}
              >
                {formatCredits(user.credits_remaining)}
              </Link>
              <button
                type="button"
                onClick={() => void logout()}
                className="rounded-lg border border-line px-3 py-2 text-sm font-medium whitespace-nowrap hover:bg-canvas"
              >
                Log Out
              </button>
            </>
          ) : (
            !loading && (
              <>
                <button
                  type="button"
                  onClick={() => openAuthDialog('signin')}
                  className="rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap hover:bg-canvas"
                >
                  Log In
                </button>
                <button
                  type="button"
                  onClick={() => openAuthDialog('signup')}
                  className="btn-primary rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap"
                >
                  Sign Up Free
                </button>
              </>
            )
          )}
          <button
            type="button"
            className="rounded-lg p-2 xl:hidden"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMobileOpen((o) => !o)}
          >
            {mobileOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      {mobileOpen && (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className="border-t border-line bg-surface px-4 py-3 xl:hidden"
        >
          <ul className="grid gap-1">
            {[
              ...NAV,
              ...CONVERTER_MENU,
              ...(user ? [{ to: '/dashboard', label: 'Dashboard' }] : []),
            ].map((n) => (
              <li key={n.to + n.label}>
                <NavLink to={n.to} end className={navClass} onClick={() => setMobileOpen(false)}>
                  {n.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}

function ConvertersMenu() {
  const { open, setOpen, toggleProps } = useDisclosure('converters-menu');
  const ref = useRef<HTMLDivElement>(null);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) =>
      ref.current && !ref.current.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div ref={ref} className="relative">
      <button
        {...toggleProps}
        className="inline-flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap hover:bg-canvas"
      >
        Converters <ChevronDownIcon size={16} />
      </button>
      {open && (
        <ul
          id="converters-menu"
          className="absolute left-0 mt-1 w-56 rounded-xl border border-line bg-surface p-1 shadow-lg"
        >
          <LinkItems
            links={CONVERTER_MENU}
            className="block rounded-lg px-3 py-2 text-sm hover:bg-canvas"
          />
        </ul>
      )}
    </div>
  );
}
