import { useCallback, useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useAuth } from './useAuth';

/**
 * Runs an action at once for a signed-in user; for a visitor it opens the sign-in dialog and runs
 * the action right after signing in (or registering), saying why in a toast. Closing the dialog
 * forgets the action.
 */
export function useSignInThen(): (action: () => void, reason: string) => void {
  const { user, authDialog, openAuthDialog } = useAuth();
  const pending = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!user || !pending.current) return;
    const action = pending.current;
    pending.current = null;
    action();
  }, [user]);

  useEffect(() => {
    if (!authDialog && !user) pending.current = null;
  }, [authDialog, user]);

  return useCallback(
    (action: () => void, reason: string) => {
      if (user) return action();
      pending.current = action;
      toast.info(reason);
      openAuthDialog('signin');
    },
    [user, openAuthDialog],
  );
}
