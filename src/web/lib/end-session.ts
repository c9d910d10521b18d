import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from './session';

/** What a navigation carries to end the local session once its destination is on screen. */
export interface EndSessionState {
  endSession: true;
}

/**
 * Ends the local session when the page just reached was told to (`EndSessionState`): a page that
 * ended the account on the server (its deletion) leaves first, and ends the session only on
 * arrival. Ended before, while the next page still loads, the guard of the page being left would
 * send the signed-out visitor to the login screen. Called by the layout, around every page.
 */
export function useEndSessionOnArrival(): void {
  const location = useLocation();
  const queryClient = useQueryClient();
  const endSession = (location.state as Partial<EndSessionState> | null)?.endSession === true;
  useEffect(() => {
    if (!endSession) return;
    useSession.getState().clear();
    queryClient.clear();
  }, [endSession, location.key, queryClient]);
}
