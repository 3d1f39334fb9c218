import type { ResourceContext } from '../../resources';
import { ResourceScreen } from '../../resources';
import { bankAccountDefinition } from '../definitions/bank-accounts';
import { diningTableDefinition } from '../definitions/dining-tables';
import { expenseCategoryDefinition } from '../definitions/expense-categories';
import { foodCategoryDefinition } from '../definitions/food-categories';
import { partnerDefinition } from '../definitions/partners';
import { supplierDefinition } from '../definitions/suppliers';
import { unitDefinition } from '../definitions/units';
import { SettingsTab } from '../settings/settings-tab';
import type { MasterDataTab } from './master-data-tabs';

/** The screen of one tab: a resource screen from its definition, or the settings form. */
export function MasterDataTabContent({ tab, context }: { tab: MasterDataTab; context: ResourceContext }) {
  switch (tab) {
    case 'suppliers':
      return <ResourceScreen definition={supplierDefinition} context={context} />;
    case 'partners':
      return <ResourceScreen definition={partnerDefinition} context={context} />;
    case 'expense-categories':
      return <ResourceScreen definition={expenseCategoryDefinition} context={context} />;
    case 'units':
      return <ResourceScreen definition={unitDefinition} context={context} />;
    case 'food-categories':
      return <ResourceScreen definition={foodCategoryDefinition} context={context} />;
    case 'bank-accounts':
      return <ResourceScreen definition={bankAccountDefinition} context={context} />;
    case 'tables':
      return <ResourceScreen definition={diningTableDefinition} context={context} />;
    case 'settings':
      return <SettingsTab />;
  }
}
