import type { InventoryGroup } from '../../../shared/contracts/inventory';
import type { SupplierInput } from '../../../shared/contracts/master-data';

/**
 * The demo cafe's pantry: what it keeps, from whom, and what each dish and option takes. Costs are
 * in cents per stock unit; recipe quantities are in the unit named (a stock unit or one of its base).
 */

/** Meat, fish and dry goods: the pantry needs a supplier the cafe's first five do not cover. */
export const DEMO_PANTRY_SUPPLIER: SupplierInput = {
  name: 'Cascade Provisions',
  contactName: 'Omar Haddad',
  phone: '+1 (503) 555-0187',
  email: 'orders@cascade-provisions.example',
  address: '5100 Swan Island Boulevard, Portland, OR 97217',
  notes: 'Meat, fish, grains and dry goods. Delivers Mondays.',
};

export interface DemoPantryItem {
  name: string;
  group: InventoryGroup;
  /** The stock unit's symbol. */
  unit: string;
  /** Bought in another unit: its symbol and how many stock units it holds. */
  purchase?: { unit: string; factor: string };
  supplier: string;
  /** Cents per stock unit. */
  cost: number;
  area: 'Walk-in fridge' | 'Freezer' | 'Dry store' | 'Bar' | 'Pastry case' | 'Packaging shelf';
}

const ROASTERS = 'Riverside Roasters';
const PRODUCE = 'Green Valley Produce';
const BAKERY = 'Old Mill Bakery';
const DAIRY = 'Hillcrest Dairy';
const PACKAGING = 'Harbor Packaging Co.';
const PROVISIONS = 'Cascade Provisions';

/** How often each supplier delivers, in days. */
export const DEMO_DELIVERY_DAYS: Record<string, number> = {
  [ROASTERS]: 7,
  [PRODUCE]: 3,
  [BAKERY]: 2,
  [DAIRY]: 3,
  [PACKAGING]: 14,
  [PROVISIONS]: 7,
};

const item = (
  name: string,
  group: InventoryGroup,
  unit: string,
  supplier: string,
  cost: number,
  area: DemoPantryItem['area'],
  purchase?: DemoPantryItem['purchase'],
): DemoPantryItem => ({ name, group, unit, supplier, cost, area, ...(purchase ? { purchase } : {}) });

export const DEMO_PANTRY: DemoPantryItem[] = [
  // Bar
  item('Espresso beans, house blend', 'beverage', 'kg', ROASTERS, 2400, 'Bar'),
  item('Cold brew coffee, coarse', 'beverage', 'kg', ROASTERS, 2200, 'Bar'),
  item('English breakfast tea', 'beverage', 'kg', ROASTERS, 3800, 'Bar'),
  item('Jasmine green tea', 'beverage', 'kg', ROASTERS, 5200, 'Bar'),
  item('Chai concentrate', 'beverage', 'l', ROASTERS, 900, 'Bar'),
  item('Matcha powder', 'beverage', 'kg', ROASTERS, 9500, 'Bar'),
  item('Dark chocolate sauce', 'beverage', 'l', ROASTERS, 1100, 'Bar'),
  item('Vanilla syrup', 'beverage', 'l', ROASTERS, 1300, 'Bar'),
  item('Caramel syrup', 'beverage', 'l', ROASTERS, 1300, 'Bar'),
  item('Hazelnut syrup', 'beverage', 'l', ROASTERS, 1300, 'Bar'),
  item('Tonic water, 200 ml', 'beverage', 'pc', ROASTERS, 95, 'Bar', { unit: 'case', factor: '24' }),
  // Dairy
  item('Whole milk', 'beverage', 'l', DAIRY, 130, 'Walk-in fridge'),
  item('Oat milk', 'beverage', 'l', DAIRY, 290, 'Walk-in fridge'),
  item('Almond milk', 'beverage', 'l', DAIRY, 320, 'Walk-in fridge'),
  item('Soy milk', 'beverage', 'l', DAIRY, 240, 'Walk-in fridge'),
  item('Whipping cream', 'ingredient', 'l', DAIRY, 620, 'Walk-in fridge'),
  item('Butter', 'ingredient', 'kg', DAIRY, 980, 'Walk-in fridge'),
  item('Greek yogurt', 'ingredient', 'kg', DAIRY, 560, 'Walk-in fridge'),
  item('Coconut yogurt', 'ingredient', 'kg', DAIRY, 890, 'Walk-in fridge'),
  item('Eggs', 'ingredient', 'pc', DAIRY, 35, 'Walk-in fridge', { unit: 'dz', factor: '12' }),
  item('Mozzarella', 'ingredient', 'kg', DAIRY, 1350, 'Walk-in fridge'),
  item('Aged cheddar', 'ingredient', 'kg', DAIRY, 1600, 'Walk-in fridge'),
  item('Feta', 'ingredient', 'kg', DAIRY, 1450, 'Walk-in fridge'),
  item('Cream cheese', 'ingredient', 'kg', DAIRY, 1050, 'Walk-in fridge'),
  item('Vanilla ice cream', 'ingredient', 'l', DAIRY, 850, 'Freezer'),
  // Produce
  item('Oranges', 'ingredient', 'kg', PRODUCE, 280, 'Walk-in fridge'),
  item('Lemons', 'ingredient', 'kg', PRODUCE, 420, 'Walk-in fridge'),
  item('Fresh mint', 'ingredient', 'kg', PRODUCE, 2200, 'Walk-in fridge'),
  item('Avocados', 'ingredient', 'pc', PRODUCE, 120, 'Walk-in fridge', { unit: 'case', factor: '24' }),
  item('Bananas', 'ingredient', 'kg', PRODUCE, 180, 'Dry store'),
  item('Mixed berries', 'ingredient', 'kg', PRODUCE, 1400, 'Freezer'),
  item('Mango', 'ingredient', 'kg', PRODUCE, 650, 'Freezer'),
  item('Spinach and kale', 'ingredient', 'kg', PRODUCE, 900, 'Walk-in fridge'),
  item('Tomatoes', 'ingredient', 'kg', PRODUCE, 450, 'Walk-in fridge'),
  item('Cucumber', 'ingredient', 'kg', PRODUCE, 320, 'Walk-in fridge'),
  item('Salad leaves', 'ingredient', 'kg', PRODUCE, 1100, 'Walk-in fridge'),
  item('Basil', 'ingredient', 'kg', PRODUCE, 2600, 'Walk-in fridge'),
  item('Carrots', 'ingredient', 'kg', PRODUCE, 190, 'Walk-in fridge'),
  // Bakery
  item('Sourdough loaf', 'ingredient', 'pc', BAKERY, 650, 'Dry store'),
  item('Multigrain loaf', 'ingredient', 'pc', BAKERY, 620, 'Dry store'),
  item('Ciabatta rolls', 'ingredient', 'pc', BAKERY, 95, 'Dry store', { unit: 'dz', factor: '12' }),
  item('Gluten-free loaf', 'ingredient', 'pc', BAKERY, 850, 'Freezer'),
  item('Sesame bagels', 'ingredient', 'pc', BAKERY, 70, 'Dry store', { unit: 'dz', factor: '12' }),
  item('Croissant dough, frozen', 'ingredient', 'pc', BAKERY, 85, 'Freezer', { unit: 'dz', factor: '12' }),
  item('Pain au chocolat, frozen', 'ingredient', 'pc', BAKERY, 95, 'Freezer', { unit: 'dz', factor: '12' }),
  item('Muffins and cookies', 'ingredient', 'pc', BAKERY, 90, 'Pastry case', { unit: 'dz', factor: '12' }),
  item('Cake slices', 'ingredient', 'pc', BAKERY, 210, 'Pastry case', { unit: 'dz', factor: '12' }),
  // Provisions
  item('Smoked bacon', 'ingredient', 'kg', PROVISIONS, 1450, 'Walk-in fridge'),
  item('Chicken breast', 'ingredient', 'kg', PROVISIONS, 1100, 'Walk-in fridge'),
  item('Salmon fillet', 'ingredient', 'kg', PROVISIONS, 2600, 'Walk-in fridge'),
  item('Smoked salmon', 'ingredient', 'kg', PROVISIONS, 3400, 'Walk-in fridge'),
  item('Rolled oats and granola', 'ingredient', 'kg', PROVISIONS, 420, 'Dry store'),
  item('Quinoa and sushi rice', 'ingredient', 'kg', PROVISIONS, 520, 'Dry store'),
  item('Chickpeas and edamame', 'ingredient', 'kg', PROVISIONS, 480, 'Freezer'),
  item('Halloumi and tofu', 'ingredient', 'kg', PROVISIONS, 1500, 'Walk-in fridge'),
  item('Maple syrup and honey', 'ingredient', 'l', PROVISIONS, 1900, 'Dry store'),
  item('Pancake mix', 'ingredient', 'kg', PROVISIONS, 350, 'Dry store'),
  // Packaging
  item('Cold cups with lids', 'packaging', 'pc', PACKAGING, 14, 'Packaging shelf', {
    unit: 'case',
    factor: '24',
  }),
  item('Takeaway boxes', 'packaging', 'pc', PACKAGING, 32, 'Packaging shelf', { unit: 'case', factor: '24' }),
];

/** Items left at or below their reorder level at the end: out of the partly received delivery. */
export const DEMO_LOW_ITEMS = ['Oat milk', 'Whipping cream', 'Greek yogurt', 'Caramel syrup'];

/** A recipe line: item, quantity and the unit it is given in (the stock unit when left out). */
export type DemoRecipeLine = [item: string, quantity: string, unit?: string];

export interface DemoRecipe {
  lines: DemoRecipeLine[];
  /** By option, `Group/Option`: its lines, and the dish's line each replaces. */
  options?: Record<string, (DemoRecipeLine | { line: DemoRecipeLine; replaces: string })[]>;
}

const ESPRESSO: DemoRecipeLine = ['Espresso beans, house blend', '18', 'g'];
const MILK_OPTIONS = (ml: string): NonNullable<DemoRecipe['options']> => ({
  'Milk/Oat milk': [{ line: ['Oat milk', ml, 'ml'], replaces: 'Whole milk' }],
  'Milk/Almond milk': [{ line: ['Almond milk', ml, 'ml'], replaces: 'Whole milk' }],
  'Milk/Soy milk': [{ line: ['Soy milk', ml, 'ml'], replaces: 'Whole milk' }],
});
const SIZE_OPTIONS = (ml: string): NonNullable<DemoRecipe['options']> => ({
  'Size/Regular': [['Whole milk', String(Math.round(Number(ml) * 0.3)), 'ml']],
  'Size/Large': [['Whole milk', String(Math.round(Number(ml) * 0.6)), 'ml']],
});
const SYRUPS: NonNullable<DemoRecipe['options']> = {
  'Extras/Extra shot': [ESPRESSO],
  'Extras/Vanilla syrup': [['Vanilla syrup', '15', 'ml']],
  'Extras/Caramel syrup': [['Caramel syrup', '15', 'ml']],
  'Extras/Hazelnut syrup': [['Hazelnut syrup', '15', 'ml']],
};
const BREADS: NonNullable<DemoRecipe['options']> = {
  'Bread/Multigrain': [{ line: ['Multigrain loaf', '0.1'], replaces: 'Sourdough loaf' }],
  'Bread/Ciabatta': [{ line: ['Ciabatta rolls', '1'], replaces: 'Sourdough loaf' }],
  'Bread/Gluten-free bread': [{ line: ['Gluten-free loaf', '0.12'], replaces: 'Sourdough loaf' }],
  'Extras/Extra cheese': [['Aged cheddar', '30', 'g']],
  'Extras/Avocado': [['Avocados', '0.5']],
  'Extras/Bacon': [['Smoked bacon', '40', 'g']],
};
const PROTEINS: NonNullable<DemoRecipe['options']> = {
  'Add protein/Grilled chicken': [['Chicken breast', '120', 'g']],
  'Add protein/Halloumi': [['Halloumi and tofu', '90', 'g']],
  'Add protein/Marinated tofu': [['Halloumi and tofu', '100', 'g']],
  'Add protein/Hot-smoked salmon': [['Salmon fillet', '100', 'g']],
};
const DESSERT_SIDES: NonNullable<DemoRecipe['options']> = {
  'Serve with/Vanilla ice cream': [['Vanilla ice cream', '80', 'ml']],
  'Serve with/Whipped cream': [['Whipping cream', '40', 'ml']],
};
const BOOSTS: NonNullable<DemoRecipe['options']> = {
  'Boost/Chia seeds': [['Rolled oats and granola', '15', 'g']],
  'Boost/Spinach': [['Spinach and kale', '30', 'g']],
  'Boost/Plant protein': [['Halloumi and tofu', '30', 'g']],
};
const COLD_CUP: DemoRecipeLine = ['Cold cups with lids', '1'];
const BOX: DemoRecipeLine = ['Takeaway boxes', '1'];
const milkDrink = (ml: string, ...extra: DemoRecipeLine[]): DemoRecipe => ({
  lines: [ESPRESSO, ['Whole milk', ml, 'ml'], ...extra],
  options: { ...SIZE_OPTIONS(ml), ...MILK_OPTIONS(ml), ...SYRUPS },
});

/** Every demo dish's recipe, by the dish's name. */
export const DEMO_RECIPES: Record<string, DemoRecipe> = {
  Espresso: { lines: [ESPRESSO], options: { 'Shots/Triple': [['Espresso beans, house blend', '9', 'g']] } },
  Americano: { lines: [ESPRESSO], options: SYRUPS },
  Cappuccino: milkDrink('150'),
  'Flat White': {
    lines: [ESPRESSO, ['Whole milk', '120', 'ml']],
    options: { ...MILK_OPTIONS('120'), ...SYRUPS },
  },
  'Caffè Latte': milkDrink('220'),
  Mocha: milkDrink('180', ['Dark chocolate sauce', '30', 'ml'], ['Whipping cream', '20', 'ml']),
  'Espresso Tonic': { lines: [ESPRESSO, ['Tonic water, 200 ml', '1']] },
  'English Breakfast Tea': {
    lines: [
      ['English breakfast tea', '5', 'g'],
      ['Whole milk', '30', 'ml'],
    ],
    options: MILK_OPTIONS('30'),
  },
  'Jasmine Green Tea': { lines: [['Jasmine green tea', '4', 'g']] },
  'Fresh Mint Tea': {
    lines: [
      ['Fresh mint', '10', 'g'],
      ['Maple syrup and honey', '15', 'ml'],
    ],
  },
  'Chai Latte': {
    lines: [
      ['Chai concentrate', '80', 'ml'],
      ['Whole milk', '170', 'ml'],
    ],
    options: { ...SIZE_OPTIONS('170'), ...MILK_OPTIONS('170') },
  },
  'Matcha Latte': {
    lines: [
      ['Matcha powder', '4', 'g'],
      ['Whole milk', '220', 'ml'],
    ],
    options: { ...SIZE_OPTIONS('220'), ...MILK_OPTIONS('220') },
  },
  'Iced Latte': {
    lines: [ESPRESSO, ['Whole milk', '180', 'ml'], COLD_CUP],
    options: { ...MILK_OPTIONS('180'), ...SYRUPS },
  },
  'Cold Brew': { lines: [['Cold brew coffee, coarse', '35', 'g'], COLD_CUP] },
  'Fresh Orange Juice': { lines: [['Oranges', '600', 'g'], COLD_CUP] },
  'Homemade Lemonade': {
    lines: [
      ['Lemons', '150', 'g'],
      ['Fresh mint', '5', 'g'],
      ['Maple syrup and honey', '20', 'ml'],
      COLD_CUP,
    ],
  },
  'Berry Blast Smoothie': {
    lines: [['Mixed berries', '150', 'g'], ['Bananas', '100', 'g'], ['Oranges', '150', 'g'], COLD_CUP],
    options: BOOSTS,
  },
  'Mango Sunrise Smoothie': {
    lines: [['Mango', '150', 'g'], ['Bananas', '100', 'g'], ['Coconut yogurt', '100', 'g'], COLD_CUP],
    options: BOOSTS,
  },
  'Green Machine Smoothie': {
    lines: [['Spinach and kale', '60', 'g'], ['Bananas', '100', 'g'], ['Lemons', '30', 'g'], COLD_CUP],
    options: BOOSTS,
  },
  'Smashed Avocado Toast': {
    lines: [
      ['Sourdough loaf', '0.1'],
      ['Avocados', '1'],
      ['Lemons', '20', 'g'],
    ],
    options: {
      'Add/Poached egg': [['Eggs', '1']],
      'Add/Feta': [['Feta', '40', 'g']],
      'Add/Smoked salmon': [['Smoked salmon', '60', 'g']],
      'Add/Bacon': [['Smoked bacon', '60', 'g']],
    },
  },
  'Brigade Breakfast': {
    lines: [
      ['Eggs', '2'],
      ['Smoked bacon', '80', 'g'],
      ['Tomatoes', '120', 'g'],
      ['Sourdough loaf', '0.1'],
      ['Butter', '15', 'g'],
    ],
  },
  'Buttermilk Pancakes': {
    lines: [
      ['Pancake mix', '150', 'g'],
      ['Eggs', '1'],
      ['Whole milk', '120', 'ml'],
      ['Mixed berries', '60', 'g'],
      ['Maple syrup and honey', '30', 'ml'],
      ['Butter', '15', 'g'],
    ],
    options: {
      'Extras/Crispy bacon': [['Smoked bacon', '60', 'g']],
      'Extras/Extra berries': [['Mixed berries', '60', 'g']],
    },
  },
  'Granola Yogurt Bowl': {
    lines: [
      ['Greek yogurt', '200', 'g'],
      ['Rolled oats and granola', '60', 'g'],
      ['Bananas', '80', 'g'],
      ['Mixed berries', '50', 'g'],
      ['Maple syrup and honey', '15', 'ml'],
    ],
  },
  'Warm Oat Porridge': {
    lines: [
      ['Rolled oats and granola', '80', 'g'],
      ['Oat milk', '250', 'ml'],
      ['Bananas', '80', 'g'],
      ['Mixed berries', '40', 'g'],
    ],
  },
  'Classic Club': {
    lines: [
      ['Sourdough loaf', '0.15'],
      ['Chicken breast', '100', 'g'],
      ['Smoked bacon', '40', 'g'],
      ['Salad leaves', '20', 'g'],
      ['Tomatoes', '60', 'g'],
      ['Eggs', '1'],
      BOX,
    ],
    options: BREADS,
  },
  'Caprese Ciabatta': {
    lines: [
      ['Sourdough loaf', '0.1'],
      ['Mozzarella', '100', 'g'],
      ['Tomatoes', '80', 'g'],
      ['Basil', '5', 'g'],
      BOX,
    ],
    options: BREADS,
  },
  'Three-Cheese Toastie': {
    lines: [
      ['Sourdough loaf', '0.1'],
      ['Aged cheddar', '60', 'g'],
      ['Mozzarella', '50', 'g'],
      ['Butter', '15', 'g'],
      BOX,
    ],
    options: BREADS,
  },
  'Smoked Salmon Bagel': {
    lines: [['Sesame bagels', '1'], ['Cream cheese', '40', 'g'], ['Smoked salmon', '60', 'g'], BOX],
  },
  'Greek Salad': {
    lines: [
      ['Tomatoes', '150', 'g'],
      ['Cucumber', '100', 'g'],
      ['Feta', '60', 'g'],
      ['Salad leaves', '30', 'g'],
    ],
    options: PROTEINS,
  },
  'Chicken Caesar Salad': {
    lines: [
      ['Salad leaves', '120', 'g'],
      ['Chicken breast', '120', 'g'],
      ['Sourdough loaf', '0.05'],
      ['Eggs', '1'],
      ['Cream cheese', '20', 'g'],
    ],
  },
  'Quinoa Power Bowl': {
    lines: [
      ['Quinoa and sushi rice', '90', 'g'],
      ['Chickpeas and edamame', '100', 'g'],
      ['Carrots', '60', 'g'],
      ['Avocados', '0.5'],
    ],
    options: PROTEINS,
  },
  'Salmon Poke Bowl': {
    lines: [
      ['Quinoa and sushi rice', '100', 'g'],
      ['Salmon fillet', '120', 'g'],
      ['Chickpeas and edamame', '50', 'g'],
      ['Avocados', '0.5'],
      ['Carrots', '40', 'g'],
    ],
  },
  'Tomato & Basil Soup': {
    lines: [
      ['Tomatoes', '300', 'g'],
      ['Basil', '3', 'g'],
      ['Whipping cream', '20', 'ml'],
      ['Sourdough loaf', '0.1'],
    ],
  },
  'Butter Croissant': {
    lines: [['Croissant dough, frozen', '1']],
    options: {
      'Add/Butter': [['Butter', '15', 'g']],
      'Add/Strawberry jam': [['Mixed berries', '20', 'g']],
    },
  },
  'Almond Croissant': {
    lines: [
      ['Croissant dough, frozen', '1'],
      ['Butter', '10', 'g'],
    ],
  },
  'Pain au Chocolat': { lines: [['Pain au chocolat, frozen', '1']] },
  'Cinnamon Roll': { lines: [['Muffins and cookies', '1']] },
  'Blueberry Muffin': { lines: [['Muffins and cookies', '1']] },
  'Chocolate Chip Cookie': { lines: [['Muffins and cookies', '1']] },
  'Chocolate Fudge Cake': { lines: [['Cake slices', '1']], options: DESSERT_SIDES },
  'Carrot Cake': { lines: [['Cake slices', '1']], options: DESSERT_SIDES },
  'New York Cheesecake': {
    lines: [
      ['Cake slices', '1'],
      ['Mixed berries', '20', 'g'],
    ],
  },
  'Lemon Tart': { lines: [['Cake slices', '1']], options: DESSERT_SIDES },
  'Mixed Berry Tart': {
    lines: [
      ['Cake slices', '1'],
      ['Mixed berries', '30', 'g'],
    ],
  },
  'Salted Caramel Brownie': { lines: [['Cake slices', '1']], options: DESSERT_SIDES },
};
