import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useAuth } from '@/lib/session/use-auth';
import { cn } from '@/lib/cn';
import { OutlineIcon } from '@/components/ui/icon';

const MENU_ID = 'site-menu';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-md px-3 py-2 text-base font-medium md:text-sm',
    isActive ? 'bg-teal-50 text-teal-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

/** Issue 16: 'Messages', with the number of unread messages and offers when there are any. */
function MessagesLink({ unread }: { unread: number }) {
  return (
    <NavLink to="/messages" className={navLinkClass}>
      Messages
      {unread > 0 && (
        <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-teal-700 px-1.5 text-xs font-bold text-white">
          {unread}
          <span className="sr-only"> unread</span>
        </span>
      )}
    </NavLink>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return <OutlineIcon className="size-6">{open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}</OutlineIcon>;
}

/** The history state of the way to / that ends the session. */
const LOGGING_OUT = { loggingOut: true } as const;

function isLoggingOut(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'loggingOut' in state && state.loggingOut === true;
}

/**
 * The shared header of spec §2: logo and name, Home and Search Equipment, then the
 * logged-in links (Dashboard, Messages, Create Listing, Admin for administrators, email, Logout) or
 * Login and Register.
 * Below `md` the links collapse into a disclosure menu.
 */
export function Header({ unreadMessages = 0 }: { unreadMessages?: number }) {
  const { user, isLoading, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // The menu is open for the location it was opened on: any navigation closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const menuOpen = openedAt === location.key;
  const closeMenu = () => {
    setOpenedAt(null);
  };

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenedAt(null);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setOpenedAt(null);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen]);

  useEffect(() => {
    if (!isLoggingOut(location.state)) return;
    logout();
    void navigate('/', { replace: true, state: null });
  }, [location.state, logout, navigate]);

  const onMenuClick = (event: MouseEvent<HTMLElement>) => {
    // A tap on a link closes the menu even when it points at the current page.
    if ((event.target as Element).closest('a')) closeMenu();
  };

  const onLogout = () => {
    closeMenu();
    // spec §2: Logout removes the stored token and goes to /. The session ends once / is on
    // screen (the effect above): a page for logged-in users still drawn when it ends would send
    // a visitor to /login (issue 18).
    void navigate('/', { state: LOGGING_OUT });
  };

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85"
    >
      <div className="relative mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6 lg:px-8">
        {/* spec §2: logo 30 px high and the product name, linking home. */}
        <Link to="/" aria-label="BenchMarket home" className="flex shrink-0 items-center gap-2.5 rounded-md">
          <img src="/logo.svg" alt="BenchMarket logo" width={30} height={30} className="h-[30px] w-auto" />
          <span className="text-lg font-bold tracking-tight text-slate-900">BenchMarket</span>
        </Link>

        <button
          ref={toggleRef}
          type="button"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => {
            setOpenedAt(menuOpen ? null : location.key);
          }}
          className="inline-flex items-center justify-center rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
        >
          <MenuIcon open={menuOpen} />
        </button>

        <nav
          id={MENU_ID}
          aria-label="Main"
          onClick={onMenuClick}
          className={cn(
            menuOpen ? 'flex' : 'hidden',
            'absolute inset-x-0 top-full flex-col gap-1 border-b border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg',
            'md:static md:flex md:flex-1 md:flex-row md:items-center md:justify-between md:gap-6 md:border-0 md:bg-transparent md:p-0 md:shadow-none',
          )}
        >
          <ul className="flex flex-col gap-1 md:flex-row md:items-center">
            <li>
              <NavLink to="/" end className={navLinkClass}>
                Home
              </NavLink>
            </li>
            <li>
              <NavLink to="/search" className={navLinkClass}>
                Search Equipment
              </NavLink>
            </li>
            {user && (
              <>
                <li>
                  <NavLink to="/dashboard" className={navLinkClass}>
                    Dashboard
                  </NavLink>
                </li>
                {/* Issue 16: the listings this account watches. In the phone menu and on wide screens; between, the
                    bar is full (the dashboard's Watchlist tab is there). */}
                <li className="md:hidden xl:block">
                  <NavLink to="/watchlist" className={navLinkClass}>
                    Watchlist
                  </NavLink>
                </li>
                <li>
                  <MessagesLink unread={unreadMessages} />
                </li>
                <li>
                  <NavLink to="/create-listing" className={navLinkClass}>
                    Create Listing
                  </NavLink>
                </li>
                {/* Issue 14: the operations console, for administrators only (GET /auth/me's role). */}
                {user.role === 'admin' && (
                  <li>
                    <NavLink to="/admin" className={navLinkClass}>
                      Admin
                    </NavLink>
                  </li>
                )}
              </>
            )}
          </ul>

          {/* Nothing while a stored token is being checked, so no Login/Register flash. */}
          {!isLoading && (
            <div className="mt-2 flex flex-col gap-2 border-t border-slate-200 pt-3 md:mt-0 md:flex-row md:items-center md:gap-3 md:border-0 md:pt-0">
              {user ? (
                <>
                  <p className="truncate px-3 text-sm text-slate-600 md:max-w-[16rem] md:px-0" title={user.email}>
                    <span className="sr-only">Signed in as </span>
                    <Link to="/account" className="rounded-sm underline-offset-2 hover:text-slate-900 hover:underline">
                      {user.email}
                    </Link>
                  </p>
                  <button
                    type="button"
                    onClick={onLogout}
                    className="rounded-md border border-slate-300 px-3 py-2 text-left text-base font-medium text-slate-800 hover:bg-slate-100 md:text-sm"
                  >
                    Logout
                  </button>
                </>
              ) : (
                <>
                  <NavLink to="/login" className={navLinkClass}>
                    Login
                  </NavLink>
                  <Link
                    to="/register"
                    className="rounded-md bg-teal-700 px-3 py-2 text-base font-semibold text-white shadow-sm hover:bg-teal-800 md:text-sm"
                  >
                    Register
                  </Link>
                </>
              )}
            </div>
          )}
        </nav>
      </div>
    </header>
  );
}
