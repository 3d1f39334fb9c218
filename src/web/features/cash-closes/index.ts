/** The cash-closes feature's public entry: closing the day at the till (managers and admins). */
export { CloseDay } from './components/close-day';
