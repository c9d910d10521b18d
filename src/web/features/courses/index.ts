/** What other features may use from the courses feature (the rest is its own business). */
export { MyCoursesActivity } from './components/MyCoursesActivity';
export { CourseImage } from './components/CourseImage';
export { CoursePracticalInformation, CoursePublicInformation } from './components/CoursePublicInformation';
export { CourseStatusChip } from './components/CourseStatusChip';
export { useCourse } from './api/get-course';
export { courseKeys } from './api/keys';
