import type { MouseEvent, ReactNode } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { AppFooter } from '@/app/app-footer';
import { Header } from '@/app/layout/header';
import { VerificationNotice } from '@/features/auth/components/verification-notice';
import { useConversations } from '@/features/messages/api/conversations';

const MAIN_ID = 'main-content';

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  // Move focus without touching the URL (a hash change would be a router navigation).
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

/** Header, main landmark and footer: every page and the error fallback sit inside it. */
export function AppShell({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  // Issue 16: the header's 'Messages' shows the unread count (one query, idle while logged out).
  const unreadMessages = useConversations().data?.unread_total ?? 0;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_ID}`}
        onClick={focusMain}
        className="sr-only rounded-md bg-white px-4 py-2 font-semibold text-teal-800 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to main content
      </a>
      <Header unreadMessages={unreadMessages} />
      <main id={MAIN_ID} tabIndex={-1} aria-busy={busy} className="flex-1 focus:outline-none">
        <VerificationNotice className="mx-auto mt-3 w-[calc(100%-2rem)] max-w-6xl" />
        {children}
      </main>
      <AppFooter />
    </div>
  );
}

/** A thin bar at the top while the next page (its code or data) loads. */
function NavigationProgress({ active }: { active: boolean }) {
  if (!active) return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-teal-100">
      <div className="h-full w-1/3 animate-pulse bg-teal-700" />
    </div>
  );
}

export function RootLayout() {
  const navigation = useNavigation();
  const navigating = navigation.state !== 'idle';
  return (
    <>
      <NavigationProgress active={navigating} />
      <AppShell busy={navigating}>
        <Outlet />
      </AppShell>
      <ScrollRestoration />
    </>
  );
}
