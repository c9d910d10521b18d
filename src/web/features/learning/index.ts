/** What other features may use from the learning feature: how a lesson reads, and the queries that fetch it. */
export { LessonBody } from './components/LessonBody';
export { LessonMain } from './components/LessonMain';
export { lessonQueryOptions } from './api/get-lesson';
export { useOutline } from './api/get-outline';
