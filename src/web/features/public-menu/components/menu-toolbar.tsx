import { clsx } from 'clsx';
import { Check, Search, X } from 'lucide-react';
import { type Ref, type RefObject, useEffect, useRef, useState } from 'react';
import { type DietaryTag, MENU_TAG_LABELS } from '../../../../shared/menu-catalog';

/** The element id of a category's section, the target of its link in the category bar. */
export function categorySectionId(categoryId: string): string {
  return `category-${categoryId}`;
}

const NO_SCROLLBAR = '[scrollbar-width:none] [&::-webkit-scrollbar]:hidden';

const FADE = {
  none: '',
  right: '[mask-image:linear-gradient(to_right,black_calc(100%-2.5rem),transparent)]',
  left: '[mask-image:linear-gradient(to_left,black_calc(100%-2.5rem),transparent)]',
  both: '[mask-image:linear-gradient(to_right,transparent,black_2.5rem,black_calc(100%-2.5rem),transparent)]',
} as const;

/**
 * A mask that fades a sideways-scrolling row at the edges where more is hidden, so a guest on a phone
 * sees that the row goes on.
 */
function useScrollFade(ref: RefObject<HTMLElement | null>, contentKey: string): string {
  const [fade, setFade] = useState<keyof typeof FADE>('none');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `contentKey` means new items to observe.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const left = element.scrollLeft > 1;
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setFade(left && right ? 'both' : left ? 'left' : right ? 'right' : 'none');
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => {
      element.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [ref, contentKey]);
  return FADE[fade];
}

interface MenuToolbarProps {
  ref: Ref<HTMLDivElement>;
  search: string;
  onSearchChange: (search: string) => void;
  /** The dietary tags some item of the menu carries: a filter nothing matches is not offered. */
  dietaryTags: readonly DietaryTag[];
  selectedTags: readonly DietaryTag[];
  onToggleTag: (tag: DietaryTag) => void;
  categories: readonly { id: string; name: string }[];
  activeCategoryId: string | null;
  onJump: (categoryId: string) => void;
}

/** The bar that stays on top while the guest scrolls: search, dietary filters and the categories. */
export function MenuToolbar({
  ref,
  search,
  onSearchChange,
  dietaryTags,
  selectedTags,
  onToggleTag,
  categories,
  activeCategoryId,
  onJump,
}: MenuToolbarProps) {
  const navRef = useRef<HTMLUListElement>(null);
  const chipsRef = useRef<HTMLDivElement>(null);
  const navFade = useScrollFade(navRef, categories.map((category) => category.id).join());
  const chipsFade = useScrollFade(chipsRef, dietaryTags.join());

  // What a guest typed into the server's HTML before the page hydrated stays in the box but not in
  // React's state: take it over once, so the search they started is not lost.
  const searchRef = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration.
  useEffect(() => {
    const typed = searchRef.current?.value ?? '';
    if (typed && typed !== search) onSearchChange(typed);
  }, []);

  // Keep the current category's link in sight in the sideways-scrolling bar, centred where it can be.
  // Always aim at the target: a comparison with the current position would be fooled mid-animation.
  useEffect(() => {
    const list = navRef.current;
    if (!list || !activeCategoryId) return;
    const link = list.querySelector<HTMLElement>(`[data-category="${activeCategoryId}"]`);
    if (!link) return;
    const offset = link.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
    const left = offset - (list.clientWidth - link.offsetWidth) / 2;
    list.scrollTo({ left: Math.max(0, left), behavior: 'smooth' });
  }, [activeCategoryId]);

  return (
    <div
      ref={ref}
      className="sticky top-0 z-20 border-b border-neutral-200 bg-white/95 shadow-[0_1px_2px_rgb(0_0_0/0.03)] backdrop-blur-sm"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-2.5 px-4 pt-3 sm:px-6 lg:flex-row lg:items-center lg:gap-4">
        <search className="relative block lg:w-80 lg:shrink-0">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
          />
          <input
            ref={searchRef}
            type="search"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            onKeyDown={(event) => {
              // Enter closes a phone's keyboard so the results can be seen.
              if (event.key === 'Enter') event.currentTarget.blur();
            }}
            placeholder="Search the menu"
            aria-label="Search the menu"
            enterKeyHint="search"
            autoComplete="off"
            className={clsx(
              'h-10 w-full rounded-full border border-neutral-300 bg-neutral-50 pr-10 pl-9 text-base text-neutral-900 sm:text-sm',
              'placeholder:text-neutral-500 hover:border-neutral-400 focus:border-neutral-950 focus:bg-white',
              'focus:outline-2 focus:outline-offset-0 focus:outline-neutral-950 [&::-webkit-search-cancel-button]:hidden',
            )}
          />
          {search && (
            <button
              type="button"
              onClick={() => onSearchChange('')}
              aria-label="Clear the search"
              className="absolute top-1/2 right-1.5 flex size-7 -translate-y-1/2 items-center justify-center rounded-full text-neutral-500 hover:bg-neutral-200 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-neutral-950"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          )}
        </search>
        {dietaryTags.length > 0 && (
          <fieldset className="min-w-0">
            <legend className="sr-only">Dietary filters</legend>
            <div
              ref={chipsRef}
              className={clsx(
                // On a phone the chips' 44 px targets reach into the gaps around the row (never over
                // the search box or the categories), so the bar grows by 4 px only.
                '-mx-4 -mt-1.5 -mb-0.5 flex gap-2 overflow-x-auto px-4 sm:mx-0 sm:px-0 lg:my-0',
                NO_SCROLLBAR,
                chipsFade,
              )}
            >
              {dietaryTags.map((tag) => {
                const pressed = selectedTags.includes(tag);
                return (
                  // The button is the 44 px touch target; the pill inside it stays compact.
                  <button
                    key={tag}
                    type="button"
                    aria-pressed={pressed}
                    onClick={() => onToggleTag(tag)}
                    className="group flex h-11 shrink-0 items-center focus-visible:outline-none"
                  >
                    <span
                      className={clsx(
                        'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors',
                        'group-focus-visible:outline-2 group-focus-visible:outline-offset-2 group-focus-visible:outline-neutral-950',
                        pressed
                          ? 'border-neutral-950 bg-neutral-950 text-white'
                          : 'border-neutral-300 bg-white text-neutral-700 group-hover:border-neutral-400 group-hover:text-neutral-950',
                      )}
                    >
                      {pressed && <Check aria-hidden="true" className="size-3.5" />}
                      {MENU_TAG_LABELS[tag]}
                    </span>
                  </button>
                );
              })}
            </div>
          </fieldset>
        )}
      </div>
      <nav aria-label="Menu categories" className="mx-auto mt-1 max-w-5xl">
        <ul ref={navRef} className={clsx('flex gap-1 overflow-x-auto px-2 sm:px-4', NO_SCROLLBAR, navFade)}>
          {categories.map((category) => {
            const active = category.id === activeCategoryId;
            return (
              <li key={category.id} className="shrink-0">
                <a
                  href={`#${categorySectionId(category.id)}`}
                  data-category={category.id}
                  aria-current={active ? 'location' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    onJump(category.id);
                  }}
                  className={clsx(
                    'block border-b-2 px-2 py-2.5 text-sm font-medium whitespace-nowrap transition-colors',
                    'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-neutral-950',
                    active
                      ? 'border-neutral-950 text-neutral-950'
                      : 'border-transparent text-neutral-500 hover:text-neutral-900',
                  )}
                >
                  {category.name}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
