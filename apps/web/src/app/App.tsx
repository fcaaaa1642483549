import { BrowserRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { AuthProvider } from '../features/auth/AuthContext';
import { AccessibilityProvider } from '../features/accessibility/AccessibilityContext';
import { Layout } from '../layout/Layout';
import { ErrorBoundary } from './ErrorBoundary';
import { usePageViews } from './usePageViews';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } },
});

function Shell() {
  usePageViews();
  return <Layout />;
}

export function App() {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AccessibilityProvider>
          <AuthProvider>
            <BrowserRouter>
              <Shell />
            </BrowserRouter>
            {/* sonner's defaults are the product's toast constants: bottom-right, 4000 ms, 3 visible, 356 px, 14 px gap, Alt+T */}
            <Toaster position="bottom-right" richColors closeButton />
          </AuthProvider>
        </AccessibilityProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
