import { useEffect, useRef, useState } from 'react';
import { AuthConfig, MESSAGES } from '@tracery/contracts';
import { toast } from 'sonner';
import { api, ApiError, errorMessage } from '../../lib/api';
import { useQuery } from '@tanstack/react-query';
import { loadScript } from '../../lib/loadScript';
import { useAuth } from './useAuth';
import { queryKeys } from '../../lib/queryKeys';
import { GoogleLinkForm } from './GoogleLinkForm';

interface GoogleId {
  accounts: {
    id: {
      initialize(config: {
        client_id: string;
        callback: (r: { credential: string }) => void;
      }): void;
      renderButton(el: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

/** Google's own button (Identity Services); it hands back an ID token that the API verifies. */
export function GoogleSignIn({ onDone }: { onDone(): void }) {
  const { googleLogin } = useAuth();
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // An existing password account with the Google email: its password links the two.
  const [linking, setLinking] = useState<{ credential: string; detail: string } | null>(null);
  // The client id is the server's configuration (GOOGLE_CLIENT_ID), not the build's.
  const { data } = useQuery({
    queryKey: queryKeys.authConfig,
    queryFn: () => api('/auth/config', { schema: AuthConfig }),
    staleTime: Infinity,
  });
  const CLIENT_ID = data?.google_client_id ?? undefined;

  useEffect(() => {
    if (!CLIENT_ID) return;
    let cancelled = false;
    loadScript('https://accounts.google.com/gsi/client')
      .then(() => {
        const google = (window as unknown as { google?: GoogleId }).google;
        if (cancelled || !google || !ref.current) return;
        google.accounts.id.initialize({
          client_id: CLIENT_ID,
          callback: ({ credential }) => {
            googleLogin(credential)
              .then(onDone)
              .catch((error: unknown) => {
                if (error instanceof ApiError && error.code === 'ACCOUNT_LINK_REQUIRED')
                  setLinking({ credential, detail: error.detail ?? '' });
                else toast.error(errorMessage(error, MESSAGES.googleLoginFailed));
              });
          },
        });
        google.accounts.id.renderButton(ref.current, {
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          width: 320,
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [CLIENT_ID, googleLogin, onDone]);

  if (!CLIENT_ID) return null;
  return (
    <div className="mt-4 flex flex-col items-center gap-2">
      <div className="flex w-full items-center gap-3 text-xs text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      <div ref={ref} />
      {linking && (
        <GoogleLinkForm
          detail={linking.detail}
          onLink={(password) => googleLogin(linking.credential, password).then(onDone)}
        />
      )}
      {failed && <p className="text-sm text-red-700">Google sign-in could not be loaded.</p>}
    </div>
  );
}
