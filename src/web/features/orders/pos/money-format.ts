/** How the screens write money: the restaurant's currency in its locale (`formatMoney`). */
export interface MoneyFormat {
  currency: string;
  locale: string;
}
