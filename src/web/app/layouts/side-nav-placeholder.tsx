const SKELETON_ROWS = ['row-1', 'row-2', 'row-3', 'row-4', 'row-5', 'row-6'];

/** A loading placeholder takes the navigation's place while the session loads. */
export function SideNavPlaceholder() {
  return (
    <div aria-hidden="true">
      <div className="fixed inset-y-0 left-0 z-30 hidden w-16 flex-col gap-3 bg-neutral-950 p-3 md:flex xl:w-64 xl:p-5">
        <div className="mb-4 h-8 w-10 animate-pulse rounded-lg bg-neutral-800 xl:w-32" />
        {SKELETON_ROWS.map((row) => (
          <div key={row} className="h-8 animate-pulse rounded-lg bg-neutral-900" />
        ))}
      </div>
      <div className="fixed inset-x-0 top-0 z-40 flex h-14 items-center bg-neutral-950 px-4 md:hidden">
        <div className="h-8 w-28 animate-pulse rounded-lg bg-neutral-800" />
      </div>
    </div>
  );
}
