import { TriangleAlert } from 'lucide-react';

/** What a restore does, said before anyone can start one. */
export function RestoreWarning() {
  return (
    <div className="flex items-start gap-3 rounded-lg border-2 border-red-300 bg-red-50 px-4 py-3 text-sm text-red-950">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
      <p>
        <strong className="font-semibold">Restoring replaces everything:</strong> menu, orders, payments,
        users and settings are replaced by the backup's. Everyone is signed out. A safety backup of the
        current data is taken first.
      </p>
    </div>
  );
}

/** Whether what was typed confirms the restaurant's name (the server compares it trimmed, exactly). */
export function confirmsName(typed: string, restaurantName: string | undefined): boolean {
  return (
    restaurantName !== undefined && restaurantName.trim() !== '' && typed.trim() === restaurantName.trim()
  );
}

/** The confirmation field's label. */
export function confirmLabel(restaurantName: string | undefined): string {
  return restaurantName ? `Type “${restaurantName}” to confirm` : "Type the restaurant's name to confirm";
}
