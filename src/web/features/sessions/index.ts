/** What other features may use from the live sessions feature: the course's sessions in the player's outline. */
export { CourseSessionsOutline } from './components/CourseSessionsOutline';
