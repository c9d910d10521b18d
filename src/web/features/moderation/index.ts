/** What other features may use from the moderation feature: the « Signaler » button (with its dialog) to place on reportable content. */
export { ReportButton } from './components/ReportButton';
export { ReportDialog } from './components/ReportDialog';
