/** Every TanStack Query key of the web app, so that reads and invalidations cannot drift apart. */
export const queryKeys = {
  config: ['config'] as const,
  auth: {
    all: ['auth'] as const,
    session: ['auth', 'session'] as const,
  },
  adminUsers: {
    all: ['admin-users'] as const,
    list: (group: string, search: string) => ['admin-users', 'list', { group, search }] as const,
  },
  audit: {
    all: ['audit'] as const,
    list: (filters: Record<string, string>) => ['audit', 'list', filters] as const,
    actors: ['audit', 'actors'] as const,
  },
  account: {
    all: ['account'] as const,
    profile: ['account', 'profile'] as const,
    signInMethods: ['account', 'sign-in-methods'] as const,
  },
  /** Back-office resources by API path (`/api/suppliers`), so a write refreshes every view of them. */
  resources: {
    all: (basePath: string) => ['resources', basePath] as const,
    list: (basePath: string, params: object) => ['resources', basePath, 'list', params] as const,
    options: (basePath: string, params: object) => ['resources', basePath, 'options', params] as const,
    one: (basePath: string, id: string) => ['resources', basePath, 'one', id] as const,
  },
  /** `GET /api/menu/public`: the guests' menu on `/`. */
  publicMenu: ['public-menu'] as const,
  settings: ['settings'] as const,
  /** Orders (`/api/orders…`): every view refreshes with the live topic `orders`. */
  orders: {
    all: ['orders'] as const,
    list: (params: object) => ['orders', 'list', params] as const,
    one: (id: string) => ['orders', 'one', id] as const,
    summary: ['orders', 'summary'] as const,
    pointOfSale: ['orders', 'point-of-sale'] as const,
  },
  /** `GET /api/payment-page/{orderId}?key=…`: what `/payment/[orderId]` shows (per key: a link's viewer). */
  paymentPage: (orderId: string, key: string | null) => ['payment-page', orderId, key ?? ''] as const,
  /** Customer feedback: the admin screen refreshes everything under `all` on the topic `feedback`. */
  feedback: {
    all: ['feedback'] as const,
    /** `GET /api/orders/{id}/feedback?key=…`: what `/feedback/[orderId]` shows (per key: a link's viewer). */
    page: (orderId: string, key: string | null) => ['feedback', 'page', orderId, key ?? ''] as const,
    list: (filters: object) => ['feedback', 'list', filters] as const,
    summary: (filters: object) => ['feedback', 'summary', filters] as const,
    contactMessages: ['feedback', 'contact-messages'] as const,
  },
  /** `GET /api/tables/by-name/{name}`: the table of a guest's QR link. */
  tableByName: (name: string) => ['tables', 'by-name', name] as const,
  /** Coupons (`/api/coupons…`, admin): every view refreshes with the live topic `coupons`. */
  coupons: {
    all: ['coupons'] as const,
    list: (params: object) => ['coupons', 'list', params] as const,
  },
  /** Purchase orders (`/api/purchase-orders…`, admin): every view refreshes with the live topic `purchase-orders`. */
  purchaseOrders: {
    all: ['purchase-orders'] as const,
    list: (params: object) => ['purchase-orders', 'list', params] as const,
    detail: (id: string) => ['purchase-orders', 'detail', id] as const,
    /** What a line may order: active items, suppliers and units. */
    choices: ['purchase-orders', 'choices'] as const,
    /** What a supplier is owed over its orders (`/api/suppliers/{id}/balance`). */
    supplierBalance: (supplierId: string) => ['purchase-orders', 'supplier-balance', supplierId] as const,
  },
  demoData: ['demo-data'] as const,
  /** A menu item's recipe (`/api/menu/items/{id}/recipe`, admin) and the ingredients it is made from. */
  recipes: {
    all: ['recipes'] as const,
    one: (menuItemId: string) => ['recipes', 'one', menuItemId] as const,
    ingredients: (search: string) => ['recipes', 'ingredients', search] as const,
  },
  /** Backup & Restore (`/api/admin/backups`, admin): refetched every 30 s while the page is open and after every action. */
  backups: {
    all: ['backups'] as const,
    overview: ['backups', 'overview'] as const,
  },
  /** The signed-in user's notifications (`/api/notifications`): refreshed with `notifications:<userId>`. */
  notifications: {
    all: ['notifications'] as const,
    list: (userId: string) => ['notifications', 'list', userId] as const,
  },
  /** Inventory items and movements (`/api/inventory…`, admin): refreshed with the live topic `inventory`. */
  inventory: {
    all: ['inventory'] as const,
    list: (params: object) => ['inventory', 'list', params] as const,
    item: (id: string) => ['inventory', 'item', id] as const,
    movements: (id: string) => ['inventory', 'movements', id] as const,
    summary: ['inventory', 'summary'] as const,
    /** Units and suppliers an item may name. */
    choices: ['inventory', 'choices'] as const,
    usage: (params: object) => ['inventory', 'usage', params] as const,
  },
  /** The bank and cash ledger (`/api/bank-account-balances`, an account's rows; admin). */
  ledger: {
    all: ['ledger'] as const,
    balances: ['ledger', 'balances'] as const,
    account: (id: string, params: object) => ['ledger', 'account', id, params] as const,
    /** What reconciling an account to a statement of that day starts from. */
    reconciliationDraft: (id: string, statementDate: string) =>
      ['ledger', 'reconciliation-draft', id, statementDate] as const,
    /** The account's reconciliations kept, the latest statement first. */
    reconciliations: (id: string) => ['ledger', 'reconciliations', id] as const,
  },
  /** Expenses (`/api/expenses…`, admin): every view refreshes with the live topic `expenses`. */
  expenses: {
    all: ['expenses'] as const,
    list: (params: object) => ['expenses', 'list', params] as const,
    /** Categories, suppliers and accounts an expense may name (archived ones too, for old expenses). */
    choices: ['expenses', 'choices'] as const,
    /** Every recurring expense (`/api/recurring-expenses`); the server publishes `expenses` for them too. */
    recurring: ['expenses', 'recurring'] as const,
  },
  /** Budget allocations (`/api/budget-allocations`, admin): refreshed with the live topic `expenses`. */
  budgets: {
    all: ['budgets'] as const,
    month: (month: string) => ['budgets', 'month', month] as const,
  },
  /** Partner settlements (`/api/settlements…`, admin): every view refreshes with the live topic `settlements`. */
  settlements: {
    all: ['settlements'] as const,
    list: (params: object) => ['settlements', 'list', params] as const,
    one: (id: string) => ['settlements', 'one', id] as const,
  },
  /** Closing the day at the till (`/api/cash-closes…`, managers): refreshed with the live topic `cash-closes`. */
  cashCloses: {
    all: ['cash-closes'] as const,
    drawers: ['cash-closes', 'drawers'] as const,
    preview: (accountId: string) => ['cash-closes', 'preview', accountId] as const,
    list: (params: object) => ['cash-closes', 'list', params] as const,
  },
  /**
   * Reports (`/api/reports…`, admin): the statement of a period and the records behind its lines
   * (orders, expenses and ledger rows read for a line too), all refreshed with every topic the reports
   * read.
   */
  reports: {
    all: ['reports'] as const,
    statement: (period: object) => ['reports', 'statement', period] as const,
    records: (kind: string, params: object) => ['reports', 'records', kind, params] as const,
  },
  /**
   * The analytics dashboard (`/api/reports/dashboard`, admin) and the orders behind its bars and cells:
   * refreshed with every topic the dashboard reads.
   */
  analytics: {
    all: ['analytics'] as const,
    dashboard: (period: object) => ['analytics', 'dashboard', period] as const,
    orders: (params: object) => ['analytics', 'orders', params] as const,
  },
  /** Stock counts (`/api/inventory/counts…`): refreshed with the live topic `inventory-counts`. */
  stockCounts: {
    all: ['stock-counts'] as const,
    list: ['stock-counts', 'list'] as const,
    one: (id: string) => ['stock-counts', 'one', id] as const,
  },
  site: {
    all: ['site'] as const,
    legalPage: (page: string) => ['site', 'legal-page', page] as const,
    contact: ['site', 'contact'] as const,
  },
};
