import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { AuthResponse, MESSAGES, User } from '@tracery/contracts';
import { toast } from 'sonner';
import { api } from '../../lib/api';
import { endSession, onSessionLost, refreshSession } from '../../lib/session';
import { getToken, setToken } from '../../lib/token';
import { track } from '../../lib/analytics';

export interface AuthState {
  user: User | null;
  loading: boolean;
  login(email: string, password: string): Promise<User>;
  register(name: string, email: string, password: string): Promise<User>;
  /** With `password`, links the Google account to the existing account of its email first. */
  googleLogin(credential: string, password?: string): Promise<User>;
  logout(): Promise<void>;
  refreshUser(): Promise<void>;
  setCredits(credits: number): void;
  /** Sign in with a session issued by another flow (guest checkout). */
  acceptSession(res: AuthResponse): void;
  /** Which dialog the header shows; null when closed. */
  authDialog: 'signin' | 'signup' | null;
  openAuthDialog(mode: 'signin' | 'signup'): void;
  closeAuthDialog(): void;
}

export const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  // Until the session cookie has been tried, nobody knows who is signed in.
  const [loading, setLoading] = useState(true);
  const [authDialog, setAuthDialog] = useState<'signin' | 'signup' | null>(null);

  const refreshUser = useCallback(async () => {
    if (!getToken()) {
      setUser(null);
      setLoading(false);
      return;
    }
    setLoading(true);
    try {
      setUser(await api('/auth/me', { auth: true, schema: User }));
    } catch (error) {
      // A stale or revoked token: sign out quietly and report it.
      track('auth_error', { message: error instanceof Error ? error.message : 'unknown' });
      setToken(null);
      setUser(null);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    let live = true;
    refreshSession()
      // A sign-in that finished first wins over an empty answer.
      .then((session) => live && setUser((current) => session?.user ?? current))
      .catch((error: unknown) => {
        track('auth_error', { message: error instanceof Error ? error.message : 'unknown' });
      })
      .finally(() => live && setLoading(false));
    const stop = onSessionLost(() => setUser(null));
    return () => {
      live = false;
      stop();
    };
  }, []);

  // Every action only sets state, so one set of them serves for the provider's whole life.
  const actions = useMemo(() => {
    const accept = (res: AuthResponse) => {
      setToken(res.access_token);
      setUser(res.user);
      return res.user;
    };
    const signedIn = (
      res: AuthResponse,
      event: 'login' | 'sign_up',
      method: string,
      note: string,
    ) => {
      const user = accept(res);
      track(event, { method });
      toast.success(note);
      return user;
    };
    return {
      acceptSession: accept,
      login: async (email: string, password: string) =>
        signedIn(
          await api('/auth/login', { body: { email, password }, schema: AuthResponse }),
          'login',
          'email',
          MESSAGES.loginSuccess,
        ),
      register: async (name: string, email: string, password: string) =>
        signedIn(
          await api('/auth/register', { body: { name, email, password }, schema: AuthResponse }),
          'sign_up',
          'email',
          MESSAGES.registrationSuccess,
        ),
      googleLogin: async (credential: string, password?: string) =>
        signedIn(
          password === undefined
            ? await api('/auth/google', { body: { token: credential }, schema: AuthResponse })
            : await api('/auth/google/link', {
                body: { token: credential, password },
                schema: AuthResponse,
              }),
          'login',
          'google',
          MESSAGES.googleLoginSuccess,
        ),
      logout: async () => {
        try {
          await endSession(getToken());
        } catch {
          // the token is dropped locally either way
        }
        setUser(null);
        toast.success(MESSAGES.loggedOut);
      },
      setCredits: (credits: number) =>
        setUser((u) => (u ? { ...u, credits_remaining: credits } : u)),
      openAuthDialog: setAuthDialog,
      closeAuthDialog: () => setAuthDialog(null),
    };
  }, []);

  const value = useMemo<AuthState>(
    () => ({ user, loading, authDialog, refreshUser, ...actions }),
    [user, loading, authDialog, refreshUser, actions],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
