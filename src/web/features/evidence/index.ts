/** The evidence files of training (issue 27): a learner's own, a course's for administrators. */
export { CourseEvidencePanel } from './components/CourseEvidencePanel';
export { useDownloadEnrolmentEvidence } from './api/download-evidence';
