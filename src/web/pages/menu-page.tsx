/** `/menu` (Menu Management): built by the menu screen. */
export function MenuPage() {
  return null;
}
