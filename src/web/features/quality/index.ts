/** What other features may use from the quality feature: the admin dashboard's figures by month. */
export { MonthlyFiguresTable } from './components/MonthlyFiguresTable';
