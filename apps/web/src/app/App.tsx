import { BrowserRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../features/auth/AuthContext';
import { AccessibilityProvider } from '../features/accessibility/AccessibilityContext';
import { Layout } from '../layout/Layout';
import { ErrorBoundary } from './ErrorBoundary';
import { usePageViews } from './usePageViews';
import { ThemedToaster } from './ThemedToaster';
import { useForgetCachesOnAccountLeft } from '../features/auth/useOnAccountLeft';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } },
});

function Shell() {
  usePageViews();
  useForgetCachesOnAccountLeft();
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
            <ThemedToaster />
          </AuthProvider>
        </AccessibilityProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
