/** What other features may use from the satisfaction feature: the learner's rating prompts and a course's rating. */
export { CourseRatingSummary } from './components/CourseRatingSummary';
export { SatisfactionAction } from './components/SatisfactionAction';
export { SatisfactionCard } from './components/SatisfactionCard';
