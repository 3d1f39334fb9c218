import type { OrderSummary, PointOfSale } from '../../shared/contracts/orders';
import type { Database } from '../db/client';
import type { Actor } from '../lib/context';
import { activeDiningTables, activePartners } from '../modules/master-data';
import { pointOfSaleMenu } from '../modules/menu';
import { orderSummary } from '../modules/orders';
import { orderingSettings } from '../modules/settings';
import { authorize, can } from '../policies';

/**
 * What the point of sale (`/orders/add`) needs in one answer: the menu by category (the items staff
 * sell, sold-out ones marked), the tables and partners, and the settings its live totals are priced
 * with, the same values the server prices the order with.
 */
export async function pointOfSale(db: Database, actor: Actor): Promise<PointOfSale> {
  authorize(actor, 'order.create');
  const [settings, categories, tables, partners] = await Promise.all([
    orderingSettings(db, { lock: false }),
    pointOfSaleMenu(db),
    activeDiningTables(db),
    activePartners(db),
  ]);
  return {
    currency: settings.currency,
    pricing: {
      taxPercent: settings.taxPercent,
      taxInclusive: settings.taxInclusive,
      serviceChargePercent: settings.serviceChargePercent,
      deliveryFee: settings.deliveryFee,
    },
    categories,
    tables,
    partners,
    canDiscount: can(actor, 'order.discount.manual'),
  };
}

/** The badge, the open tables and the board's age colours (orders and settings). */
export async function orderBoardSummary(db: Database, actor: Actor): Promise<OrderSummary> {
  authorize(actor, 'order.list');
  const settings = await orderingSettings(db, { lock: false });
  return orderSummary(db, {
    amberMinutes: settings.orderAgeAmberMinutes,
    redMinutes: settings.orderAgeRedMinutes,
  });
}
