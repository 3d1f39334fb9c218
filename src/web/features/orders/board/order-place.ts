/** The order's place and customer's name: written once in shared/order-notices.ts (the server's notifications say them too). */
export { customerNameOf, orderPlace } from '../../../../shared/order-notices';
