// The bench imports Lighthouse through this file, so that it resolves from this package's own
// node_modules rather than the project's (decision 082).
export { default } from 'lighthouse';
