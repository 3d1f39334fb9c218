/** The reports feature's public entry: the financial statement page's parts (admin). */
export { FinancialStatement } from './components/financial-statement';
export { periodFromSearch, type ReportPeriod } from './statement-period';
