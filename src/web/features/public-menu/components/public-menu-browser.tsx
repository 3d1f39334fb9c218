import { memo, type RefObject, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { PublicMenu, PublicMenuItem } from '../../../../shared/contracts/menu';
import { DIETARY_TAGS, type DietaryTag, MENU_TAG_LABELS } from '../../../../shared/menu-catalog';
import { filterMenu, hasFilters } from '../filter-menu';
import { MenuItemCard } from './menu-item-card';
import { EmptyMenu, NoMatches } from './menu-states';
import { categorySectionId, MenuToolbar } from './menu-toolbar';

/** Room left between the sticky bar and a section heading scrolled to. */
const HEADING_GAP = 12;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * The category whose section is under the sticky bar as the guest scrolls (the first one at the top of
 * the page, the last one once the page cannot scroll further).
 */
function useActiveCategory(ids: readonly string[], toolbarRef: RefObject<HTMLDivElement | null>) {
  const [active, setActive] = useState<string | null>(ids[0] ?? null);
  const key = ids.join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the ids.
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const line = (toolbarRef.current?.getBoundingClientRect().bottom ?? 0) + HEADING_GAP * 2;
      let current = ids[0] ?? null;
      for (const id of ids) {
        const section = document.getElementById(categorySectionId(id));
        if (section && section.getBoundingClientRect().top <= line) current = id;
      }
      const atBottom =
        window.scrollY > 0 &&
        window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (atBottom) current = ids.at(-1) ?? current;
      setActive(current);
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [key, toolbarRef]);

  return active;
}

/** "1 dish", "12 dishes". */
function dishCount(count: number): string {
  return count === 1 ? '1 dish' : `${count} dishes`;
}

interface PublicMenuBrowserProps {
  menu: PublicMenu;
  /** Opens a dish (its choices and "Add to cart"); without it the cards are only read. */
  onOpenItem?: (item: PublicMenuItem) => void;
}

/**
 * The menu by category with search, dietary filters and a category bar that jumps to sections. Kept
 * (`memo`) while its menu is the same: the page around it renders again when the session or the
 * settings arrive after hydration, and a store's update renders synchronously, so re-rendering every
 * dish then would block the main thread of a phone for a long task.
 */
export const PublicMenuBrowser = memo(function PublicMenuBrowser({
  menu,
  onOpenItem,
}: PublicMenuBrowserProps) {
  const { currency, locale } = menu.restaurant;
  const [search, setSearch] = useState('');
  const [selectedTags, setSelectedTags] = useState<DietaryTag[]>([]);
  const deferredSearch = useDeferredValue(search);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);

  const categories = useMemo(
    () => filterMenu(menu.categories, { search: deferredSearch, tags: selectedTags }),
    [menu.categories, deferredSearch, selectedTags],
  );
  const dietaryTags = useMemo(() => {
    const present = new Set(
      menu.categories.flatMap((category) => category.items.flatMap((item) => item.tags)),
    );
    return DIETARY_TAGS.filter((tag) => present.has(tag) || selectedTags.includes(tag));
  }, [menu.categories, selectedTags]);
  const activeCategoryId = useActiveCategory(
    categories.map((category) => category.id),
    toolbarRef,
  );
  const filtered = hasFilters({ search: deferredSearch, tags: selectedTags });
  const count = categories.reduce((sum, category) => sum + category.items.length, 0);

  // A changed search shows its results from the top, not from wherever the guest had scrolled to.
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the filters change.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const top = topRef.current;
    if (!top) return;
    const menuTop = top.getBoundingClientRect().top + window.scrollY;
    if (window.scrollY > menuTop) window.scrollTo({ top: menuTop });
  }, [deferredSearch, selectedTags]);

  if (menu.categories.length === 0) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
        <EmptyMenu />
      </div>
    );
  }

  const clearFilters = () => {
    setSearch('');
    setSelectedTags([]);
  };

  const jumpTo = (categoryId: string) => {
    const section = document.getElementById(categorySectionId(categoryId));
    if (!section) return;
    const target = () => {
      const barHeight = toolbarRef.current?.offsetHeight ?? 0;
      const top = section.getBoundingClientRect().top + window.scrollY - barHeight - HEADING_GAP;
      return Math.min(top, document.documentElement.scrollHeight - window.innerHeight);
    };
    window.scrollTo({ top: target(), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    // Sections far off screen are laid out at an estimated height (`content-visibility`) until they come
    // near, so the section can move while the page scrolls to it: once the scroll ends, land again where
    // it really is. Only right after the jump, never on a later scroll of the guest's own.
    const settle = () => {
      window.removeEventListener('scrollend', settle);
      const top = target();
      if (Math.abs(window.scrollY - top) > 2) window.scrollTo({ top, behavior: 'auto' });
    };
    window.addEventListener('scrollend', settle);
    window.setTimeout(() => window.removeEventListener('scrollend', settle), 2000);
    // Keyboard and screen reader users continue from the section they chose.
    section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  };

  return (
    <>
      <div ref={topRef} />
      <MenuToolbar
        ref={toolbarRef}
        search={search}
        onSearchChange={setSearch}
        dietaryTags={dietaryTags}
        selectedTags={selectedTags}
        onToggleTag={(tag) =>
          setSelectedTags((tags) => (tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag]))
        }
        categories={categories}
        activeCategoryId={activeCategoryId}
        onJump={jumpTo}
      />
      <div className="mx-auto w-full max-w-5xl px-4 pt-5 pb-16 sm:px-6 sm:pt-8">
        <p aria-live="polite" className={filtered && count > 0 ? 'mb-4 text-sm text-neutral-600' : 'sr-only'}>
          {filtered && count > 0 ? `${dishCount(count)} found` : ''}
        </p>
        {categories.length === 0 ? (
          <NoMatches
            search={deferredSearch}
            tagLabels={selectedTags.map((tag) => MENU_TAG_LABELS[tag])}
            onClear={clearFilters}
          />
        ) : (
          <div className="flex flex-col gap-10 sm:gap-12">
            {categories.map((category) => (
              <section
                key={category.id}
                id={categorySectionId(category.id)}
                aria-labelledby={`${categorySectionId(category.id)}-heading`}
                // Off-screen sections skip layout and paint until scrolled near (a phone's first paint).
                className="scroll-mt-44 [contain-intrinsic-size:auto_900px] [content-visibility:auto]"
              >
                <div className="mb-4">
                  <h2
                    id={`${categorySectionId(category.id)}-heading`}
                    tabIndex={-1}
                    className="text-xl font-semibold tracking-tight text-neutral-950 outline-none sm:text-2xl"
                  >
                    {category.name}
                  </h2>
                  {category.description && (
                    <p className="mt-1 max-w-2xl text-sm text-pretty text-neutral-600">
                      {category.description}
                    </p>
                  )}
                </div>
                <div className="grid gap-3 sm:gap-4 md:grid-cols-2">
                  {category.items.map((item) => (
                    <MenuItemCard
                      key={item.id}
                      item={item}
                      currency={currency}
                      locale={locale}
                      onOpen={onOpenItem}
                    />
                  ))}
                </div>
              </section>
            ))}
          </div>
        )}
      </div>
    </>
  );
});
