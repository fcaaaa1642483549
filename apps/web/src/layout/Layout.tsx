import { useLocation } from 'react-router';
import { useAuth, isFreeTier } from '../features/auth/useAuth';
import { AuthDialog } from '../features/auth/AuthDialog';
import { AdSlot, type AdPlacement } from '../features/ads/AdSlot';
import { TestModeBanner } from '../features/pricing/TestModeBanner';
import { AppRoutes } from '../app/routes';
import { GlobalWidgets } from './GlobalWidgets';
import { Footer } from './Footer';
import { Header } from './Header';

export function Layout() {
  const { user, loading } = useAuth();
  // Never beside a payment: no third-party script on the pages that take or confirm one.
  const onPayment = useLocation().pathname.startsWith('/payment');
  const showAds = !loading && isFreeTier(user) && !onPayment;
  return (
    <div className="flex min-h-screen flex-col bg-canvas text-ink">
      <a
        href="#main-content"
        className="sr-only z-[100] rounded-lg bg-surface px-4 py-2 font-semibold text-brand focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <TestModeBanner />
      <Header />
      {showAds && <AdAside placement="header" />}
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <AppRoutes />
      </main>
      {showAds && <AdAside placement="footer" />}
      <Footer />
      <AuthDialog />
      <GlobalWidgets />
    </div>
  );
}

function AdAside({ placement }: { placement: AdPlacement }) {
  const top = placement === 'header';
  return (
    <aside
      aria-label={`Advertisement, ${top ? 'top' : 'bottom'} of page`}
      className={`mx-auto w-full max-w-7xl px-4 sm:px-6 ${top ? 'pt-14' : ''}`}
    >
      <AdSlot placement={placement} />
    </aside>
  );
}
