import { clsx } from 'clsx';
import { Flame, Leaf, type LucideIcon, Sparkles, Star } from 'lucide-react';
import type { MenuTag } from '../../../shared/contracts/menu';
import { MENU_TAG_LABELS } from '../../../shared/menu-catalog';

const TAG_STYLES: Record<MenuTag, { className: string; icon?: LucideIcon }> = {
  vegetarian: { className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20', icon: Leaf },
  vegan: { className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20', icon: Leaf },
  'gluten-free': { className: 'bg-sky-50 text-sky-800 ring-sky-600/20' },
  'dairy-free': { className: 'bg-sky-50 text-sky-800 ring-sky-600/20' },
  'nut-free': { className: 'bg-sky-50 text-sky-800 ring-sky-600/20' },
  halal: { className: 'bg-teal-50 text-teal-800 ring-teal-600/20' },
  spicy: { className: 'bg-red-50 text-red-700 ring-red-600/20', icon: Flame },
  new: { className: 'bg-violet-50 text-violet-700 ring-violet-600/20', icon: Sparkles },
  popular: { className: 'bg-amber-50 text-amber-800 ring-amber-600/25', icon: Star },
};

/** Tags of a dish that is off today: grey like the rest of its card, still at 4.5:1 or more (7:1). */
const MUTED_STYLE = 'bg-neutral-100 text-neutral-700 ring-neutral-300';

/**
 * A small coloured label for a menu tag ("Vegan", "Spicy"). `muted` greys it out without fading it:
 * opacity took the coloured pills below 4.5:1.
 */
export function TagBadge({ tag, muted = false }: { tag: MenuTag; muted?: boolean }) {
  const { className: colours, icon: Icon } = TAG_STYLES[tag];
  const className = muted ? MUTED_STYLE : colours;
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        className,
      )}
    >
      {Icon && <Icon aria-hidden="true" className="size-3" />}
      {MENU_TAG_LABELS[tag]}
    </span>
  );
}
