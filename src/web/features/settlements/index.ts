/** The settlements feature's public entry: the partner and settlement pages' parts (admin). */
export { usePartner, useSettlement } from './api/settlements-api';
export { NewSettlementForm } from './components/new-settlement-form';
export { SettlementDetail } from './components/settlement-detail';
export { SettlementList } from './components/settlement-list';
