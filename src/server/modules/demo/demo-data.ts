import type { CouponInput } from '../../../shared/contracts/coupons';
import type {
  BankAccountInput,
  DiningTableInput,
  ExpenseCategoryInput,
  PartnerInput,
  SupplierInput,
} from '../../../shared/contracts/master-data';
import type {
  Allergen,
  MenuItemInput,
  MenuTag,
  ModifierGroupInput,
  Station,
} from '../../../shared/contracts/menu';
import { DEFAULT_OPENING_HOURS, type UpdateSettings } from '../../../shared/contracts/settings';
import type { DemoPhoto } from './demo-photos';

/**
 * The demo restaurant a first start shows: a small all-day cafe with a real
 * menu, tables, suppliers and accounts, so a new owner sees a working product before typing anything.
 * Prices are in cents (USD). Phone numbers use the 555-01xx range and addresses the .example domain,
 * both reserved for fiction.
 */

/** The restaurant's settings; payment accounts are added once the accounts exist. */
export const DEMO_SETTINGS: Omit<UpdateSettings, 'paymentAccounts' | 'version'> = {
  name: 'Brigade Cafe',
  address: '214 Market Street, Portland, OR 97204',
  phone: '+1 (503) 555-0142',
  email: 'hello@brigade-cafe.example',
  // The cafe is in Portland: "Open now" and the days of reports follow its own clock, not UTC.
  currency: 'USD',
  locale: 'en-US',
  timeZone: 'America/Los_Angeles',
  openingHours: DEFAULT_OPENING_HOURS,
  taxPercent: 8,
  taxInclusive: false,
  serviceChargePercent: 0,
  deliveryFee: 299,
  deliveryMinimum: 1500,
  onlineOrdering: true,
  orderAgeAmberMinutes: 10,
  orderAgeRedMinutes: 20,
};

export const DEMO_UNITS: { name: string; symbol: string; base?: string; factor?: number }[] = [
  { name: 'Kilogram', symbol: 'kg' },
  { name: 'Gram', symbol: 'g', base: 'kg', factor: 0.001 },
  { name: 'Litre', symbol: 'l' },
  { name: 'Millilitre', symbol: 'ml', base: 'l', factor: 0.001 },
  { name: 'Piece', symbol: 'pc' },
  { name: 'Dozen', symbol: 'dz', base: 'pc', factor: 12 },
  { name: 'Case of 24', symbol: 'case', base: 'pc', factor: 24 },
];

export const DEMO_SUPPLIERS: SupplierInput[] = [
  {
    name: 'Riverside Roasters',
    contactName: 'Maya Chen',
    phone: '+1 (503) 555-0117',
    email: 'orders@riverside-roasters.example',
    address: '88 Water Avenue, Portland, OR 97214',
    notes: 'Espresso blend and single-origin beans. Delivers Tuesdays and Fridays.',
  },
  {
    name: 'Green Valley Produce',
    contactName: 'Luis Ortega',
    phone: '+1 (503) 555-0128',
    email: 'sales@greenvalley-produce.example',
    address: '1450 Columbia Boulevard, Portland, OR 97217',
    notes: 'Fruit, vegetables and herbs. Order by 4 pm for next-morning delivery.',
  },
  {
    name: 'Old Mill Bakery',
    contactName: 'Hannah Becker',
    phone: '+1 (503) 555-0133',
    email: 'wholesale@oldmill-bakery.example',
    address: '301 Mill Street, Portland, OR 97201',
    notes: 'Sourdough, multigrain and ciabatta; croissants baked off in-house.',
  },
  {
    name: 'Hillcrest Dairy',
    contactName: 'Tom Walsh',
    phone: '+1 (503) 555-0149',
    email: 'orders@hillcrest-dairy.example',
    address: 'Route 26, Sandy, OR 97055',
    notes: 'Whole and skim milk, cream, butter, yogurt and oat milk.',
  },
  {
    name: 'Harbor Packaging Co.',
    contactName: 'Priya Nair',
    phone: '+1 (503) 555-0156',
    email: 'service@harbor-packaging.example',
    address: '2200 Front Avenue, Portland, OR 97209',
    notes: 'Compostable cups, lids, napkins and takeaway boxes.',
  },
];

export const DEMO_PARTNERS: PartnerInput[] = [
  {
    name: 'QuickBite Delivery',
    kind: 'delivery',
    commissionPercent: 15,
    contactName: 'Partner support',
    phone: '+1 (503) 555-0161',
    email: 'partners@quickbite.example',
    notes: 'Couriers collect at the side door.',
  },
  {
    name: 'Foodie Market',
    kind: 'marketplace',
    commissionPercent: 25,
    contactName: 'Restaurant success team',
    phone: '+1 (503) 555-0174',
    email: 'restaurants@foodie-market.example',
    notes: 'Orders arrive on the marketplace tablet; payouts weekly.',
  },
];

export const DEMO_EXPENSE_CATEGORIES: ExpenseCategoryInput[] = [
  { name: 'Rent', description: 'The monthly lease of the premises.' },
  { name: 'Utilities', description: 'Electricity, water, gas and internet.' },
  { name: 'Wages', description: 'Staff pay, including overtime and holiday pay.' },
  { name: 'Ingredients', description: 'Food and drink bought outside purchase orders.' },
  { name: 'Packaging', description: 'Cups, lids, napkins and takeaway boxes.' },
  { name: 'Marketing', description: 'Printing, advertising and social media.' },
  { name: 'Maintenance', description: 'Repairs, servicing of the coffee machine, cleaning supplies.' },
];

/** Accounts, by a key the settings' payment mapping refers to. */
export const DEMO_ACCOUNTS: (BankAccountInput & { key: 'cash' | 'bank' | 'wallet' })[] = [
  { key: 'cash', name: 'Cash drawer', type: 'cash', openingBalance: 20_000 },
  {
    key: 'bank',
    name: 'Main bank account',
    type: 'bank',
    bankName: 'First Harbor Bank',
    accountNumber: '4401 2290 6789',
    openingBalance: 1_250_000,
  },
  { key: 'wallet', name: 'E-wallet', type: 'e-wallet', bankName: 'PayWave', accountNumber: 'BRIGADE-CAFE' },
];

/** Where each payment method lands. */
export const DEMO_PAYMENT_ACCOUNTS = {
  cash: 'cash',
  card: 'bank',
  qr: 'wallet',
  'bank-transfer': 'bank',
  online: 'bank',
  partner: 'bank',
} as const;

/**
 * Two coupons to try: one for a guest's first online order over $15, one for regulars at
 * the counter; the owner sees on /coupons how they are made and counted.
 */
export const DEMO_COUPONS: CouponInput[] = [
  {
    code: 'WELCOME10',
    description: '10% off your first online order over $15 (at most $5)',
    kind: 'percent',
    value: 10,
    minOrder: 1500,
    maxDiscount: 500,
    perCustomerLimit: 1,
    channels: ['online'],
  },
  {
    code: 'REGULAR2',
    description: '$2 off for regulars at the counter',
    kind: 'amount',
    value: 200,
    channels: ['pos'],
  },
];

export const DEMO_TABLES: DiningTableInput[] = [
  { name: 'T1', seats: 2, area: 'Window' },
  { name: 'T2', seats: 2, area: 'Window' },
  { name: 'T3', seats: 2, area: 'Window' },
  { name: 'T4', seats: 4, area: 'Main room' },
  { name: 'T5', seats: 4, area: 'Main room' },
  { name: 'T6', seats: 6, area: 'Main room' },
  { name: 'T7', seats: 4, area: 'Terrace' },
  { name: 'T8', seats: 4, area: 'Terrace' },
  { name: 'T9', seats: 6, area: 'Terrace' },
  { name: 'T10', seats: 4, area: 'Bar' },
];

export const DEMO_CATEGORIES: { name: string; description: string }[] = [
  { name: 'Coffee', description: 'Espresso drinks made with our house blend from Riverside Roasters.' },
  { name: 'Tea', description: 'Loose-leaf teas and spiced lattes.' },
  { name: 'Cold Drinks', description: 'Iced coffee, fresh juice, lemonade and smoothies.' },
  { name: 'Breakfast', description: 'Served all day.' },
  { name: 'Sandwiches', description: 'On fresh bread from Old Mill Bakery, with a side of crisps.' },
  { name: 'Salads & Bowls', description: 'Fresh salads, grain bowls and the soup of the day.' },
  { name: 'Pastries', description: 'Baked every morning.' },
  { name: 'Cakes & Desserts', description: 'Homemade cakes, tarts and brownies.' },
];

// Modifier groups shared by several items.
const COFFEE_SIZE: ModifierGroupInput = {
  name: 'Size',
  minChoices: 1,
  maxChoices: 1,
  options: [
    { name: 'Small', priceDelta: 0 },
    { name: 'Regular', priceDelta: 50 },
    { name: 'Large', priceDelta: 100 },
  ],
};
const MILK: ModifierGroupInput = {
  name: 'Milk',
  minChoices: 0,
  maxChoices: 1,
  options: [
    { name: 'Oat milk', priceDelta: 60 },
    { name: 'Almond milk', priceDelta: 60 },
    { name: 'Soy milk', priceDelta: 50 },
  ],
};
const COFFEE_EXTRAS: ModifierGroupInput = {
  name: 'Extras',
  minChoices: 0,
  maxChoices: 3,
  options: [
    { name: 'Extra shot', priceDelta: 80 },
    { name: 'Vanilla syrup', priceDelta: 50 },
    { name: 'Caramel syrup', priceDelta: 50 },
    { name: 'Hazelnut syrup', priceDelta: 50 },
  ],
};
const BREAD: ModifierGroupInput = {
  name: 'Bread',
  minChoices: 1,
  maxChoices: 1,
  options: [
    { name: 'Sourdough', priceDelta: 0 },
    { name: 'Multigrain', priceDelta: 0 },
    { name: 'Ciabatta', priceDelta: 0 },
    { name: 'Gluten-free bread', priceDelta: 150 },
  ],
};
const SANDWICH_EXTRAS: ModifierGroupInput = {
  name: 'Extras',
  minChoices: 0,
  maxChoices: 2,
  options: [
    { name: 'Extra cheese', priceDelta: 100 },
    { name: 'Avocado', priceDelta: 150 },
    { name: 'Bacon', priceDelta: 200 },
  ],
};
const SALAD_PROTEIN: ModifierGroupInput = {
  name: 'Add protein',
  minChoices: 0,
  maxChoices: 1,
  options: [
    { name: 'Grilled chicken', priceDelta: 350 },
    { name: 'Halloumi', priceDelta: 300 },
    { name: 'Marinated tofu', priceDelta: 250 },
    { name: 'Hot-smoked salmon', priceDelta: 450 },
  ],
};
const DESSERT_SIDE: ModifierGroupInput = {
  name: 'Serve with',
  minChoices: 0,
  maxChoices: 1,
  options: [
    { name: 'Vanilla ice cream', priceDelta: 200 },
    { name: 'Whipped cream', priceDelta: 100 },
  ],
};
const SMOOTHIE_BOOST: ModifierGroupInput = {
  name: 'Boost',
  minChoices: 0,
  maxChoices: 2,
  options: [
    { name: 'Plant protein', priceDelta: 120 },
    { name: 'Chia seeds', priceDelta: 60 },
    { name: 'Spinach', priceDelta: 50 },
  ],
};

export interface DemoMenuItem extends Omit<MenuItemInput, 'categoryId' | 'station' | 'tags' | 'allergens'> {
  category: string;
  station: Station;
  tags: MenuTag[];
  allergens: Allergen[];
  photo: DemoPhoto;
}

const drink = (item: Omit<DemoMenuItem, 'station'>): DemoMenuItem => ({ station: 'bar', ...item });
const food = (item: Omit<DemoMenuItem, 'station'>): DemoMenuItem => ({ station: 'kitchen', ...item });

/** The menu, in the order guests see it within each category. */
export const DEMO_MENU: DemoMenuItem[] = [
  // Coffee
  drink({
    category: 'Coffee',
    name: 'Espresso',
    description: 'A double shot of our house blend: dark chocolate, cherry and a long caramel finish.',
    price: 300,
    tags: ['vegan', 'gluten-free', 'dairy-free', 'nut-free'],
    allergens: [],
    photo: { kind: 'espresso' },
    modifierGroups: [
      {
        name: 'Shots',
        minChoices: 1,
        maxChoices: 1,
        options: [
          { name: 'Double', priceDelta: 0 },
          { name: 'Triple', priceDelta: 80 },
        ],
      },
    ],
  }),
  drink({
    category: 'Coffee',
    name: 'Americano',
    description: 'Espresso lengthened with hot water. Ask for a splash of milk.',
    price: 350,
    tags: ['vegan', 'gluten-free', 'dairy-free', 'nut-free'],
    allergens: [],
    photo: { kind: 'americano' },
    modifierGroups: [COFFEE_SIZE, COFFEE_EXTRAS],
  }),
  drink({
    category: 'Coffee',
    name: 'Cappuccino',
    description: 'Espresso with steamed milk and a thick cap of foam, dusted with cocoa.',
    price: 450,
    tags: ['vegetarian', 'gluten-free', 'nut-free', 'popular'],
    allergens: ['milk'],
    photo: { kind: 'cappuccino' },
    modifierGroups: [COFFEE_SIZE, MILK, COFFEE_EXTRAS],
  }),
  drink({
    category: 'Coffee',
    name: 'Flat White',
    description: 'A double ristretto with velvety microfoam; stronger and smaller than a latte.',
    price: 450,
    tags: ['vegetarian', 'gluten-free', 'nut-free'],
    allergens: ['milk'],
    photo: { kind: 'latte', variant: 'heart' },
    modifierGroups: [MILK, COFFEE_EXTRAS],
  }),
  drink({
    category: 'Coffee',
    name: 'Caffè Latte',
    description: 'Espresso with plenty of steamed milk and a thin layer of foam.',
    price: 475,
    tags: ['vegetarian', 'gluten-free', 'nut-free', 'popular'],
    allergens: ['milk'],
    photo: { kind: 'latte', variant: 'rosetta', color: '#c99663' },
    modifierGroups: [COFFEE_SIZE, MILK, COFFEE_EXTRAS],
  }),
  drink({
    category: 'Coffee',
    name: 'Mocha',
    description: 'Espresso, dark chocolate and steamed milk, finished with whipped cream.',
    price: 525,
    tags: ['vegetarian', 'gluten-free'],
    allergens: ['milk'],
    photo: { kind: 'mocha' },
    modifierGroups: [COFFEE_SIZE, MILK, COFFEE_EXTRAS],
  }),
  drink({
    category: 'Coffee',
    name: 'Espresso Tonic',
    description: 'A double shot over tonic water and ice with a twist of orange. Served at the bar only.',
    price: 500,
    tags: ['vegan', 'gluten-free', 'dairy-free', 'new'],
    allergens: [],
    photo: { kind: 'iced-coffee', variant: 'black', color: '#5a3520' },
    shownOnline: false,
  }),
  // Tea
  drink({
    category: 'Tea',
    name: 'English Breakfast Tea',
    description: 'A brisk Assam and Ceylon blend, served as a pot for one with milk on the side.',
    price: 350,
    tags: ['vegan', 'gluten-free', 'dairy-free', 'nut-free'],
    allergens: [],
    photo: { kind: 'tea' },
    modifierGroups: [MILK],
  }),
  drink({
    category: 'Tea',
    name: 'Jasmine Green Tea',
    description: 'Green tea scented with jasmine blossoms; light, floral and sweet.',
    price: 375,
    tags: ['vegan', 'gluten-free', 'dairy-free', 'nut-free'],
    allergens: [],
    photo: { kind: 'tea', variant: 'green' },
  }),
  drink({
    category: 'Tea',
    name: 'Fresh Mint Tea',
    description: 'A handful of fresh mint leaves steeped in hot water, with honey on the side.',
    price: 350,
    tags: ['vegetarian', 'gluten-free', 'dairy-free', 'nut-free'],
    allergens: [],
    photo: { kind: 'tea', variant: 'mint', color: '#d9c46a' },
  }),
  drink({
    category: 'Tea',
    name: 'Chai Latte',
    description: 'Black tea brewed with cinnamon, cardamom, ginger and clove, with steamed milk.',
    price: 475,
    tags: ['vegetarian', 'gluten-free', 'nut-free', 'popular'],
    allergens: ['milk'],
    photo: { kind: 'chai' },
    modifierGroups: [COFFEE_SIZE, MILK],
  }),
  drink({
    category: 'Tea',
    name: 'Matcha Latte',
    description: 'Ceremonial-grade Japanese matcha whisked and topped with steamed milk.',
    price: 525,
    tags: ['vegetarian', 'gluten-free', 'nut-free'],
    allergens: ['milk'],
    photo: { kind: 'matcha', variant: 'heart' },
    modifierGroups: [COFFEE_SIZE, MILK],
  }),
  // Cold drinks
  drink({
    category: 'Cold Drinks',
    name: 'Iced Latte',
    description: 'A double shot over ice with cold milk.',
    price: 500,
    tags: ['vegetarian', 'gluten-free', 'nut-free'],
    allergens: ['milk'],
    photo: { kind: 'iced-coffee' },
    modifierGroups: [MILK, COFFEE_EXTRAS],
  }),
  drink({
    category: 'Cold Drinks',
    name: 'Cold Brew',
    description: 'Steeped for eighteen hours for a smooth, naturally sweet coffee. Served over ice.',
    price: 475,
    tags: ['vegan', 'gluten-free', 'dairy-free', 'nut-free'],
    allergens: [],
    photo: { kind: 'iced-coffee', variant: 'black' },
  }),
  drink({
    category: 'Cold Drinks',
    name: 'Fresh Orange Juice',
    description: 'Squeezed to order from Valencia oranges.',
    price: 550,
    tags: ['vegan', 'gluten-free', 'dairy-free', 'nut-free'],
    allergens: [],
    photo: { kind: 'juice' },
  }),
  drink({
    category: 'Cold Drinks',
    name: 'Homemade Lemonade',
    description: 'Lemon, a little cane sugar and fresh mint, topped with sparkling water.',
    price: 450,
    tags: ['vegan', 'gluten-free', 'dairy-free', 'nut-free'],
    allergens: [],
    photo: { kind: 'lemonade' },
  }),
  drink({
    category: 'Cold Drinks',
    name: 'Berry Blast Smoothie',
    description: 'Strawberries, raspberries, blueberries, banana and apple juice.',
    price: 675,
    tags: ['vegan', 'gluten-free', 'dairy-free', 'popular'],
    allergens: [],
    photo: { kind: 'smoothie', color: '#c43d6b' },
    modifierGroups: [SMOOTHIE_BOOST],
  }),
  drink({
    category: 'Cold Drinks',
    name: 'Mango Sunrise Smoothie',
    description: 'Mango, passion fruit, banana and coconut yogurt.',
    price: 695,
    tags: ['vegan', 'gluten-free', 'dairy-free'],
    allergens: [],
    photo: { kind: 'smoothie', variant: 'mango', color: '#f6a623' },
    availableToday: false,
    modifierGroups: [SMOOTHIE_BOOST],
  }),
  drink({
    category: 'Cold Drinks',
    name: 'Green Machine Smoothie',
    description: 'Spinach, kale, banana, pineapple, lime and a little ginger.',
    price: 695,
    tags: ['vegan', 'gluten-free', 'dairy-free', 'new'],
    allergens: [],
    photo: { kind: 'smoothie', variant: 'green', color: '#7cb342' },
    modifierGroups: [SMOOTHIE_BOOST],
  }),
  // Breakfast
  food({
    category: 'Breakfast',
    name: 'Smashed Avocado Toast',
    description: 'Toasted sourdough, lime-smashed avocado, chili flakes, sesame and microgreens.',
    price: 1150,
    tags: ['vegan', 'dairy-free', 'popular'],
    allergens: ['gluten', 'sesame'],
    photo: { kind: 'toast' },
    modifierGroups: [
      {
        name: 'Add',
        minChoices: 0,
        maxChoices: 3,
        options: [
          { name: 'Poached egg', priceDelta: 150 },
          { name: 'Feta', priceDelta: 120 },
          { name: 'Smoked salmon', priceDelta: 350 },
          { name: 'Bacon', priceDelta: 250 },
        ],
      },
    ],
  }),
  food({
    category: 'Breakfast',
    name: 'Brigade Breakfast',
    description: 'Two eggs your way, smoked bacon, roast tomatoes and buttered sourdough toast.',
    price: 1450,
    tags: ['popular'],
    allergens: ['gluten', 'eggs', 'milk'],
    photo: { kind: 'breakfast-plate' },
    modifierGroups: [
      {
        name: 'Eggs',
        minChoices: 1,
        maxChoices: 1,
        options: [
          { name: 'Fried', priceDelta: 0 },
          { name: 'Scrambled', priceDelta: 0 },
          { name: 'Poached', priceDelta: 0 },
        ],
      },
    ],
  }),
  food({
    category: 'Breakfast',
    name: 'Buttermilk Pancakes',
    description: 'A stack of three with whipped butter, fresh berries and maple syrup.',
    price: 1195,
    tags: ['vegetarian'],
    allergens: ['gluten', 'eggs', 'milk'],
    photo: { kind: 'pancakes' },
    modifierGroups: [
      {
        name: 'Extras',
        minChoices: 0,
        maxChoices: 2,
        options: [
          { name: 'Crispy bacon', priceDelta: 250 },
          { name: 'Extra berries', priceDelta: 150 },
        ],
      },
    ],
  }),
  food({
    category: 'Breakfast',
    name: 'Granola Yogurt Bowl',
    description: 'Greek yogurt, house honey-oat granola, banana, berries and a drizzle of honey.',
    price: 950,
    tags: ['vegetarian'],
    allergens: ['gluten', 'milk', 'nuts'],
    photo: { kind: 'yogurt-bowl' },
  }),
  food({
    category: 'Breakfast',
    name: 'Warm Oat Porridge',
    description: 'Rolled oats cooked with oat milk, topped with banana, berries and cinnamon.',
    price: 850,
    tags: ['vegan', 'dairy-free'],
    allergens: ['gluten'],
    photo: { kind: 'yogurt-bowl', variant: 'porridge' },
  }),
  // Sandwiches
  food({
    category: 'Sandwiches',
    name: 'Classic Club',
    description: 'Roast chicken, bacon, lettuce, tomato and mayonnaise, triple-decker and toasted.',
    price: 1350,
    tags: ['popular'],
    allergens: ['gluten', 'eggs', 'mustard'],
    photo: { kind: 'sandwich' },
    modifierGroups: [BREAD, SANDWICH_EXTRAS],
  }),
  food({
    category: 'Sandwiches',
    name: 'Caprese Ciabatta',
    description: 'Fresh mozzarella, tomato, basil and pesto on toasted ciabatta.',
    price: 1195,
    tags: ['vegetarian'],
    allergens: ['gluten', 'milk', 'nuts'],
    photo: { kind: 'sandwich', variant: 'caprese' },
    modifierGroups: [BREAD, SANDWICH_EXTRAS],
  }),
  food({
    category: 'Sandwiches',
    name: 'Three-Cheese Toastie',
    description: 'Aged cheddar, gruyère and mozzarella, grilled golden in butter.',
    price: 1050,
    tags: ['vegetarian', 'nut-free'],
    allergens: ['gluten', 'milk'],
    photo: { kind: 'sandwich', variant: 'cheese' },
    modifierGroups: [BREAD, SANDWICH_EXTRAS],
  }),
  food({
    category: 'Sandwiches',
    name: 'Smoked Salmon Bagel',
    description: 'Toasted sesame bagel, cream cheese, smoked salmon, capers, red onion and dill.',
    price: 1295,
    tags: ['nut-free'],
    allergens: ['gluten', 'fish', 'milk', 'sesame'],
    photo: { kind: 'bagel', variant: 'salmon' },
  }),
  // Salads & bowls
  food({
    category: 'Salads & Bowls',
    name: 'Greek Salad',
    description: 'Tomato, cucumber, red onion, Kalamata olives and feta with oregano and olive oil.',
    price: 1195,
    tags: ['vegetarian', 'gluten-free', 'nut-free'],
    allergens: ['milk'],
    photo: { kind: 'salad', variant: 'greek' },
    modifierGroups: [SALAD_PROTEIN],
  }),
  food({
    category: 'Salads & Bowls',
    name: 'Chicken Caesar Salad',
    description: 'Romaine, grilled chicken, parmesan, garlic croutons and our Caesar dressing.',
    price: 1395,
    tags: ['popular'],
    allergens: ['gluten', 'eggs', 'fish', 'milk', 'mustard'],
    photo: { kind: 'salad', variant: 'caesar' },
  }),
  food({
    category: 'Salads & Bowls',
    name: 'Quinoa Power Bowl',
    description: 'Quinoa, roast chickpeas, edamame, carrot, red cabbage, avocado and tahini-lime dressing.',
    price: 1350,
    tags: ['vegan', 'gluten-free', 'dairy-free'],
    allergens: ['sesame', 'soybeans'],
    photo: { kind: 'grain-bowl' },
    modifierGroups: [SALAD_PROTEIN],
  }),
  food({
    category: 'Salads & Bowls',
    name: 'Salmon Poke Bowl',
    description: 'Sushi rice, marinated salmon, edamame, avocado, carrot, pickled cabbage and sesame.',
    price: 1550,
    tags: ['dairy-free', 'new'],
    allergens: ['fish', 'soybeans', 'sesame'],
    photo: { kind: 'grain-bowl', variant: 'poke' },
  }),
  food({
    category: 'Salads & Bowls',
    name: 'Tomato & Basil Soup',
    description: 'Slow-roasted tomato soup with a swirl of cream and croutons, with sourdough on the side.',
    price: 795,
    tags: ['vegetarian', 'nut-free'],
    allergens: ['gluten', 'milk', 'celery'],
    photo: { kind: 'soup' },
  }),
  // Pastries
  food({
    category: 'Pastries',
    name: 'Butter Croissant',
    description: 'Flaky, all-butter and baked every morning.',
    price: 375,
    tags: ['vegetarian', 'nut-free', 'popular'],
    allergens: ['gluten', 'eggs', 'milk'],
    photo: { kind: 'croissant' },
    modifierGroups: [
      {
        name: 'Add',
        minChoices: 0,
        maxChoices: 2,
        options: [
          { name: 'Butter', priceDelta: 50 },
          { name: 'Strawberry jam', priceDelta: 50 },
        ],
      },
    ],
  }),
  food({
    category: 'Pastries',
    name: 'Almond Croissant',
    description: 'Twice-baked with almond frangipane and toasted flaked almonds.',
    price: 475,
    tags: ['vegetarian'],
    allergens: ['gluten', 'eggs', 'milk', 'nuts'],
    photo: { kind: 'croissant', variant: 'almond' },
    availableToday: false,
  }),
  food({
    category: 'Pastries',
    name: 'Pain au Chocolat',
    description: 'Croissant dough rolled around two bars of dark chocolate.',
    price: 425,
    tags: ['vegetarian', 'nut-free'],
    allergens: ['gluten', 'eggs', 'milk', 'soybeans'],
    photo: { kind: 'pain-au-chocolat' },
  }),
  food({
    category: 'Pastries',
    name: 'Cinnamon Roll',
    description: 'Soft brioche swirled with cinnamon sugar and finished with vanilla icing.',
    price: 450,
    tags: ['vegetarian', 'nut-free'],
    allergens: ['gluten', 'eggs', 'milk'],
    photo: { kind: 'cinnamon-roll' },
  }),
  food({
    category: 'Pastries',
    name: 'Blueberry Muffin',
    description: 'Bursting with blueberries under a crunchy sugar top.',
    price: 375,
    tags: ['vegetarian', 'nut-free'],
    allergens: ['gluten', 'eggs', 'milk'],
    photo: { kind: 'muffin' },
  }),
  food({
    category: 'Pastries',
    name: 'Chocolate Chip Cookie',
    description: 'Crisp edges, a chewy middle and dark chocolate chunks.',
    price: 325,
    tags: ['vegetarian', 'nut-free'],
    allergens: ['gluten', 'eggs', 'milk', 'soybeans'],
    photo: { kind: 'cookies' },
  }),
  // Cakes & desserts
  food({
    category: 'Cakes & Desserts',
    name: 'Chocolate Fudge Cake',
    description: 'Three layers of dark chocolate sponge with fudge frosting and a fresh raspberry.',
    price: 625,
    tags: ['vegetarian', 'popular'],
    allergens: ['gluten', 'eggs', 'milk', 'soybeans'],
    photo: { kind: 'cake-slice', variant: 'chocolate' },
    modifierGroups: [DESSERT_SIDE],
  }),
  food({
    category: 'Cakes & Desserts',
    name: 'Carrot Cake',
    description: 'Spiced carrot and walnut sponge with cream-cheese frosting.',
    price: 595,
    tags: ['vegetarian'],
    allergens: ['gluten', 'eggs', 'milk', 'nuts'],
    photo: { kind: 'cake-slice', variant: 'carrot' },
    modifierGroups: [DESSERT_SIDE],
  }),
  food({
    category: 'Cakes & Desserts',
    name: 'New York Cheesecake',
    description: 'Baked vanilla cheesecake on a graham-cracker base with raspberry coulis.',
    price: 650,
    tags: ['vegetarian', 'nut-free'],
    allergens: ['gluten', 'eggs', 'milk'],
    photo: { kind: 'cake-slice', variant: 'cheesecake' },
  }),
  food({
    category: 'Cakes & Desserts',
    name: 'Lemon Tart',
    description: 'Sharp lemon curd in a crisp butter pastry shell.',
    price: 575,
    tags: ['vegetarian', 'nut-free'],
    allergens: ['gluten', 'eggs', 'milk'],
    photo: { kind: 'tart', variant: 'lemon' },
    modifierGroups: [DESSERT_SIDE],
  }),
  food({
    category: 'Cakes & Desserts',
    name: 'Mixed Berry Tart',
    description: 'Vanilla custard and fresh seasonal berries in a sweet pastry case.',
    price: 625,
    tags: ['vegetarian', 'nut-free', 'new'],
    allergens: ['gluten', 'eggs', 'milk'],
    photo: { kind: 'tart', variant: 'berry' },
  }),
  food({
    category: 'Cakes & Desserts',
    name: 'Salted Caramel Brownie',
    description: 'A fudgy, flourless dark chocolate brownie with a ribbon of salted caramel.',
    price: 475,
    tags: ['vegetarian', 'gluten-free'],
    allergens: ['eggs', 'milk'],
    photo: { kind: 'brownie' },
    modifierGroups: [DESSERT_SIDE],
  }),
];
