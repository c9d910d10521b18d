import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { meetingRoomState } from '../../../../shared/meeting-room';
import { useSession } from '../../../lib/session';
import { trainerStatusQueryOptions } from '../api/get-trainer-status';

/**
 * Spec section 4: the navigation bar rechecks a trainer's status on each route change and
 * stores what it learns, so an approval unlocks the trainer's links at once (and a revocation
 * hides them). Other roles are stored as approved, without any call. Failures are only logged:
 * the bar must keep working when the check cannot be made.
 */
export function useTrainerStatusSync(): void {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const userId = useSession((state) => state.user?.id ?? null);
  const role = useSession((state) => state.user?.role ?? null);
  const storedApproved = useSession((state) => state.user?.isApproved ?? null);

  useEffect(() => {
    if (role && role !== 'formateur' && storedApproved === false) {
      useSession.getState().updateUser({ isApproved: true });
    }
  }, [role, storedApproved]);

  useEffect(() => {
    if (role !== 'formateur' || userId === null) return;
    let current = true;
    // staleTime 0: each route change asks the server again, and the answer refreshes the waiting page too.
    queryClient
      .fetchQuery({ ...trainerStatusQueryOptions(userId), staleTime: 0 })
      .then((status) => {
        const user = useSession.getState().user;
        // A later route change, or another account signing in, makes this answer obsolete.
        if (!current || user?.id !== userId) return;
        // 'Mes rendez-vous' is for an interview still to come (or under way), not a past one.
        const hasMeeting = status.meeting ? meetingRoomState(status.meeting.date) !== 'over' : false;
        if (user.isApproved !== status.isApproved || user.hasMeeting !== hasMeeting) {
          useSession.getState().updateUser({ isApproved: status.isApproved, hasMeeting });
        }
      })
      .catch((error: unknown) => {
        console.warn('Vérification du statut du formateur impossible', error);
      });
    return () => {
      current = false;
    };
  }, [pathname, role, userId, queryClient]);
}
