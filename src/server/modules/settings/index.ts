/**
 * The settings module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): the
 * restaurant's one settings row, read by many modules, changed through `updateSettings`.
 */
export {
  type Bookkeeping,
  bookkeeping,
  DEFAULT_SETTINGS,
  ensureSettings,
  forgetPaymentAccount,
  getPasswordPolicy,
  getSettings,
  getSettingsAs,
  LOGO,
  type OrderingSettings,
  orderingSettings,
  paymentAccountFor,
  type RestaurantSettings,
  RestaurantSettingsSchema,
  removeLogo,
  SETTINGS_BANK_ACCOUNT_REFERRERS as bankAccountReferrers,
  setLogo,
  settingsCurrencyHeldSql,
  type UpdateSettings,
  UpdateSettingsSchema,
  updateSettings,
} from './settings.service';
