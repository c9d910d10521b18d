/** What other features may use from the discussions feature: a course's discussions panel. */
export { CourseDiscussions, type CourseDiscussionsProps } from './components/CourseDiscussions';
