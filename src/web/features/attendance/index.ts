/** What other features use from attendance: the player's beats and the proofs of an enrolment. */
export { useLessonHeartbeat } from './hooks/use-lesson-heartbeat';
export { EnrolmentProofs } from './components/EnrolmentProofs';
