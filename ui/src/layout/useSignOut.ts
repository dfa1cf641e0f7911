import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../auth/AuthContext';
import { MESSAGE_MS, useFlash } from '../hooks/useFlash';
import { SIGNED_OUT_HREF } from './links';

export const SIGN_OUT_FAILED = 'failed to log out.';

/** Sign-out as spec 4 has it: end the session, clear the stored user, go to / and then /signout/success. */
export function useSignOut() {
  const session = useSession();
  const navigate = useNavigate();
  const failure = useFlash<string>();
  const { show } = failure;
  const signOut = useCallback(async () => {
    try {
      await session.signOut();
    } catch {
      show(SIGN_OUT_FAILED, MESSAGE_MS.error);
      return;
    }
    navigate('/');
    navigate(SIGNED_OUT_HREF);
  }, [session, navigate, show]);
  return { signOut, error: failure.value };
}
