/** The cart feature's public entry: what other features, the pages and the app may use of it. */
export {
  addToCart,
  type CartChange,
  type CartLine,
  reconcileLines,
  replaceCart,
  useCart,
} from './cart-store';
export { GuestOrdering, openItemDialog } from './components/guest-ordering';
