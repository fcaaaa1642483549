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

  const accept = useCallback((res: AuthResponse) => {
    setToken(res.access_token);
    setUser(res.user);
    return res.user;
  }, []);

  const login = useCallback(
    async (email: string, password: string) => {
      const user = accept(
        await api('/auth/login', { body: { email, password }, schema: AuthResponse }),
      );
      track('login', { method: 'email' });
      toast.success(MESSAGES.loginSuccess);
      return user;
    },
    [accept],
  );

  const register = useCallback(
    async (name: string, email: string, password: string) => {
      const user = accept(
        await api('/auth/register', { body: { name, email, password }, schema: AuthResponse }),
      );
      track('sign_up', { method: 'email' });
      toast.success(MESSAGES.registrationSuccess);
      return user;
    },
    [accept],
  );

  const googleLogin = useCallback(
    async (credential: string, password?: string) => {
      const user = accept(
        password === undefined
          ? await api<AuthResponse>('/auth/google', { body: { token: credential } })
          : await api<AuthResponse>('/auth/google/link', {
              body: { token: credential, password },
            }),
      );
      track('login', { method: 'google' });
      toast.success(MESSAGES.googleLoginSuccess);
      return user;
    },
    [accept],
  );

  const logout = useCallback(async () => {
    try {
      await endSession(getToken());
    } catch {
      // the token is dropped locally either way
    }
    setUser(null);
    toast.success(MESSAGES.loggedOut);
  }, []);

  const setCredits = useCallback((credits: number) => {
    setUser((u) => (u ? { ...u, credits_remaining: credits } : u));
  }, []);

  const value = useMemo<AuthState>(
    () => ({
      user,
      loading,
      login,
      register,
      googleLogin,
      logout,
      refreshUser,
      setCredits,
      acceptSession: accept,
      authDialog,
      openAuthDialog: setAuthDialog,
      closeAuthDialog: () => setAuthDialog(null),
    }),
    [
      user,
      loading,
      login,
      register,
      googleLogin,
      logout,
      refreshUser,
      setCredits,
      accept,
      authDialog,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
