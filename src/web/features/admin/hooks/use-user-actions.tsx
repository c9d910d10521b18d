import { useState } from 'react';
import type { AdminUser } from '../../../../shared/admin';
import { formatDateTime } from '../../../../shared/french-format';
import { adminText, failureText, fullName } from '../admin-text';
import { useDownloadCv } from '../api/download-cv';
import { useSetUserStatus } from '../api/set-user-status';
import { ScheduleMeetingDialog, useCancelMeeting, useScheduleMeeting } from '../../meetings';
import type { ToastMessage } from '../components/Toast';

type Show = (message: string, severity?: ToastMessage['severity']) => void;
type Person = Pick<AdminUser, 'id' | 'firstname' | 'lastname'>;
/** A user whose interview may be scheduled, or moved when `meeting_date` is one that is not over. */
type Interviewee = Person & Partial<Pick<AdminUser, 'meeting_date'>>;

/**
 * What the dashboard, the member list and the user page all do to a user: approve or revoke,
 * download the CV, schedule, move or remove an interview; each reports its outcome in a toast.
 */
export interface UserActionMessages {
  approved?: (name: string) => string;
  revoked?: (name: string) => string;
  /** The screen's own wording of a failed approval or revocation. */
  statusFailed?: (error: unknown, name: string, isApproved: boolean) => string;
  cvFailed?: (error: unknown) => string;
}

function defaultStatusFailed(error: unknown, name: string, isApproved: boolean): string {
  return failureText(error, isApproved ? adminText.approveFailed : `Échec de la révocation de ${name}. Veuillez réessayer.`);
}

export function useUserActions(show: Show, messages: UserActionMessages = {}) {
  const status = useSetUserStatus();
  const cv = useDownloadCv();
  const schedule = useScheduleMeeting();
  const removal = useCancelMeeting();
  const [scheduling, setScheduling] = useState<Interviewee | null>(null);

  const setApproved = async (user: Person, isApproved: boolean) => {
    const name = fullName(user);
    try {
      await status.mutateAsync({ id: user.id, isApproved });
      show(isApproved ? (messages.approved ?? adminText.approved)(name) : (messages.revoked ?? adminText.revoked)(name));
    } catch (error) {
      show((messages.statusFailed ?? defaultStatusFailed)(error, name, isApproved), 'error');
    }
  };

  const downloadCv = async (user: Person) => {
    try {
      await cv.mutateAsync(user.id);
    } catch (error) {
      show(messages.cvFailed ? messages.cvFailed(error) : adminText.cvFailed, 'error');
    }
  };

  const scheduleDialog = (
    <ScheduleMeetingDialog
      open={scheduling !== null}
      name={scheduling ? fullName(scheduling) : ''}
      current={scheduling?.meeting_date ?? null}
      pending={schedule.isPending}
      onClose={() => setScheduling(null)}
      onSchedule={async (meetingDate) => {
        if (!scheduling) return;
        const name = fullName(scheduling);
        try {
          const meeting = await schedule.mutateAsync({ id: scheduling.id, meetingDate });
          setScheduling(null);
          show((meeting.moved ? adminText.moved : adminText.scheduled)(name, formatDateTime(meeting.meeting_date)));
        } catch (error) {
          show(failureText(error, adminText.scheduleFailed), 'error');
        }
      }}
      removing={removal.isPending}
      onRemove={async () => {
        if (!scheduling) return;
        const name = fullName(scheduling);
        try {
          await removal.mutateAsync(scheduling.id);
          setScheduling(null);
          show(adminText.meetingRemoved(name));
        } catch (error) {
          show(failureText(error, adminText.removeMeetingFailed), 'error');
        }
      }}
    />
  );

  return {
    approve: (user: Person) => setApproved(user, true),
    revoke: (user: Person) => setApproved(user, false),
    downloadCv,
    openSchedule: (user: Interviewee) => setScheduling(user),
    scheduleDialog,
    /** The user whose status is being changed, to disable their buttons meanwhile. */
    statusPendingFor: status.isPending ? status.variables?.id : undefined,
  };
}
