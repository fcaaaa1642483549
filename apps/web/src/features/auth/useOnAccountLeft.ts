import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from './useAuth';

/**
 * Calls `forget` when the signed-in account leaves the page: on sign-out, or when another account
 * signs in over it. A visitor signing in keeps what they had started.
 */
export function useOnAccountLeft(forget: () => void): void {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const previous = useRef(userId);
  const latest = useRef(forget);
  latest.current = forget;
  useEffect(() => {
    if (previous.current !== null && previous.current !== userId) latest.current();
    previous.current = userId;
  }, [userId]);
}

/** Every cached server answer (history, usage, keys, admin lists) goes with the account. */
export function useForgetCachesOnAccountLeft(): void {
  const queryClient = useQueryClient();
  useOnAccountLeft(() => queryClient.clear());
}
