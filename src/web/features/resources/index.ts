/** The resources feature's public entry: what other features, the pages and the app may use of it. */
export {
  type ResourceListParams,
  resourceListQueryOptions,
  useResource,
  useResourceOptions,
} from './api/resource-api';
export {
  conversionErrors,
  convertMoney,
  defineResource,
  type FormControls,
  type KeysOfType,
  numberToText,
  optionalNumber,
  type ResourceColumn,
  type ResourceContext,
  type ResourceFieldDefinition,
  type ResourceFieldProps,
  textToNumber,
} from './components/resource-definition';
export { FieldNote } from './components/resource-form-fields';
export { ListError, ListLoading } from './components/resource-list';
export { ResourceScreen } from './components/resource-screen';
