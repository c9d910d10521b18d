/** What other features may use from the meetings feature: scheduling an interview, or removing it. */
export { ScheduleMeetingDialog } from './components/ScheduleMeetingDialog';
export { useScheduleMeeting } from './api/schedule-meeting';
export { useCancelMeeting } from './api/cancel-meeting';
