/** The analytics feature's public entry: the dashboard of `/admin/dashboard` (admin). */
export { type AnalyticsPeriod, periodFromSearch } from './analytics-period';
export { AnalyticsDashboard } from './components/analytics-dashboard';
