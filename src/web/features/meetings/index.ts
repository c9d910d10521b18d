/** What other features may use from the meetings feature: scheduling an interview. */
export { ScheduleMeetingDialog } from './components/ScheduleMeetingDialog';
export { useScheduleMeeting } from './api/schedule-meeting';
