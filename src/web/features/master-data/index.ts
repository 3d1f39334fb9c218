/** The master-data feature's public entry: what other features, the pages and the app may use of it. */
export { MasterDataTabBar } from './components/master-data-tab-bar';
export { MasterDataTabContent } from './components/master-data-tab-content';
export { masterDataTabOf } from './components/master-data-tabs';
export { formatDay, formatPercent } from './definitions/format';
export { PARTNER_KIND_LABELS } from './definitions/partners';
