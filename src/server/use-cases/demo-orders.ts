import type { OrderInput } from '../../shared/contracts/orders';
import type { OrderStatus } from '../../shared/order-status';
import type { Database } from '../db/client';
import { withTransaction } from '../db/transaction';
import type { Logger } from '../lib/logger';
import { demoRecordsForOrders, recordDemoOrders } from '../modules/demo';
import { findDiningTable } from '../modules/master-data';
import { menuItemsForSale } from '../modules/menu';
import { backdateDemoOrder, insertOrder } from '../modules/orders';
import { seedDemoSettlements } from './demo-settlements';
import { checkAndPrice } from './place-order';

/** One demo order: what was ordered, how, and how far along it is. */
interface DemoOrder {
  type: OrderInput['type'];
  /** A demo table's name (dine-in). */
  table?: string;
  /** A guest's order request (online) rather than one taken at the counter. */
  online?: boolean;
  /** The statuses it went through after being placed (none: still as placed). */
  steps: OrderStatus[];
  minutesAgo: number;
  lines: { item: string; quantity: number; note?: string }[];
  note?: string;
  customerName?: string;
  customerPhone?: string;
  deliveryAddress?: string;
}

/**
 * The demo cafe's shift in progress: orders in each column of the kitchen board,
 * of different ages (one past the amber and one past the red threshold), and a few order requests
 * from guests, so the boards are alive on first start.
 */
const DEMO_ORDERS: DemoOrder[] = [
  {
    type: 'dine-in',
    table: 'T4',
    steps: [],
    minutesAgo: 2,
    lines: [
      { item: 'Cappuccino', quantity: 2 },
      { item: 'Butter Croissant', quantity: 2 },
    ],
  },
  {
    type: 'takeaway',
    steps: [],
    minutesAgo: 4,
    customerName: 'Jonas',
    lines: [
      { item: 'Iced Latte', quantity: 1, note: 'Less ice' },
      { item: 'Blueberry Muffin', quantity: 1 },
    ],
  },
  {
    type: 'dine-in',
    table: 'T7',
    steps: ['preparing'],
    minutesAgo: 9,
    lines: [
      { item: 'Brigade Breakfast', quantity: 2 },
      { item: 'Fresh Orange Juice', quantity: 2 },
    ],
    note: 'One without mushrooms',
  },
  {
    type: 'dine-in',
    table: 'T2',
    steps: ['preparing'],
    minutesAgo: 14,
    lines: [
      { item: 'Smashed Avocado Toast', quantity: 1 },
      { item: 'Flat White', quantity: 1 },
    ],
  },
  {
    type: 'takeaway',
    steps: ['preparing', 'ready'],
    minutesAgo: 24,
    customerName: 'Mia',
    lines: [
      { item: 'Chicken Caesar Salad', quantity: 1 },
      { item: 'Homemade Lemonade', quantity: 1 },
    ],
  },
  {
    type: 'dine-in',
    table: 'T9',
    steps: ['preparing', 'ready'],
    minutesAgo: 6,
    lines: [
      { item: 'Tomato & Basil Soup', quantity: 3 },
      { item: 'Caprese Ciabatta', quantity: 2 },
    ],
  },
  {
    type: 'takeaway',
    online: true,
    steps: [],
    minutesAgo: 1,
    customerName: 'Priya Shah',
    customerPhone: '+1 555 0142',
    lines: [
      { item: 'Salmon Poke Bowl', quantity: 1 },
      { item: 'Matcha Latte', quantity: 1 },
    ],
    note: 'Pick-up in 15 minutes',
  },
  {
    type: 'delivery',
    online: true,
    steps: [],
    minutesAgo: 3,
    customerName: 'Tom Becker',
    customerPhone: '+1 555 0199',
    deliveryAddress: '12 Harbour Street, Apt 4',
    lines: [
      { item: 'Classic Club', quantity: 2 },
      { item: 'Salted Caramel Brownie', quantity: 2 },
    ],
  },
];

/**
 * Adds the demo orders once, right after the demo cafe was seeded, through the same checks and
 * pricing as any order, and records their ids with the demo's records, so that removing the demo
 * data removes them too.
 */
export async function seedDemoOrders(db: Database, logger: Logger): Promise<number> {
  const made = await withTransaction(db, async (tx) => {
    const records = await demoRecordsForOrders(tx);
    if (!records) return 0;
    const items = [...(await menuItemsForSale(tx, records.menuItems)).values()];
    const tables = new Map<string, string>();
    for (const id of records.diningTables) {
      const table = await findDiningTable(tx, id);
      if (table) tables.set(table.name, table.id);
    }
    const ids: string[] = [];
    for (const demo of DEMO_ORDERS) {
      const lines = demo.lines.map(({ item: name, quantity, note }) => {
        const item = items.find((candidate) => candidate.name === name);
        if (!item) throw new Error(`demo order names an unknown item ${name}`);
        // The first options of each group that needs a choice: a believable, valid order.
        const optionIds = item.modifierGroups.flatMap((group) =>
          group.options.slice(0, group.minChoices).map((option) => option.id),
        );
        return { menuItemId: item.id, quantity, optionIds, ...(note ? { note } : {}) };
      });
      const input: OrderInput = {
        type: demo.type,
        lines,
        ...(demo.table ? { tableId: tables.get(demo.table) } : {}),
        ...(demo.note ? { note: demo.note } : {}),
        ...(demo.customerName ? { customerName: demo.customerName } : {}),
        ...(demo.customerPhone ? { customerPhone: demo.customerPhone } : {}),
        ...(demo.deliveryAddress ? { deliveryAddress: demo.deliveryAddress } : {}),
      };
      const { order } = await insertOrder(
        tx,
        null,
        await checkAndPrice(tx, null, input, { online: demo.online === true }),
      );
      // Without a key there is nothing to be taken already.
      if (!order) throw new Error('a demo order was not written');
      await backdateDemoOrder(tx, order.id, demo.steps, demo.minutesAgo);
      ids.push(order.id);
    }
    const partners = await seedDemoSettlements(tx, records, items);
    await recordDemoOrders(tx, [...ids, ...partners.orders], partners.settlements);
    return ids.length + partners.orders.length;
  });
  if (made > 0) logger.info({ orders: made }, 'demo orders added');
  return made;
}
