/** The one CSV module (decisions 023 and 025) lives in src/shared, for the import report the browser writes too. */
export * from '../../shared/csv';
