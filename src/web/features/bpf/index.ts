/** What other features may use from the BPF feature: the classification blocks of the admin course and user pages. */
export { CourseBpfFields, TrainerBpfField } from './components/ClassificationFields';
