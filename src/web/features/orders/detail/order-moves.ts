import type { AllowedMove } from '../../../../shared/contracts/orders';
import type { OrderStatus } from '../../../../shared/order-status';

/** What a move's button says, by the status it leads to. */
export const MOVE_LABELS: Record<OrderStatus, string> = {
  pending: 'Back to pending',
  confirmed: 'Accept',
  preparing: 'Start preparing',
  ready: 'Mark ready',
  'out-for-delivery': 'Out for delivery',
  completed: 'Complete',
  rejected: 'Reject order',
  cancelled: 'Cancel order',
  merged: 'Merge',
};

/** What the confirm button says while the move is sent. */
export const MOVE_BUSY_LABELS: Record<OrderStatus, string> = {
  pending: 'Moving...',
  confirmed: 'Accepting...',
  preparing: 'Starting...',
  ready: 'Marking ready...',
  'out-for-delivery': 'Sending out...',
  completed: 'Completing...',
  rejected: 'Rejecting...',
  cancelled: 'Cancelling...',
  merged: 'Merging...',
};

/** Cancelling and rejecting end the order for good: red, and asked about first. */
export function isDestructiveMove(move: Pick<AllowedMove, 'status'>): boolean {
  return move.status === 'cancelled' || move.status === 'rejected';
}

/** A move that opens a dialog first (a reason to give, or an end to confirm) rather than going at once. */
export function needsDialog(move: AllowedMove): boolean {
  return isDestructiveMove(move) || move.reason !== 'none';
}

/** The forward moves first, the ones that end the order last (so red sits at the end of the row). */
export function orderMoves(moves: readonly AllowedMove[]): AllowedMove[] {
  return [...moves].sort((a, b) => Number(isDestructiveMove(a)) - Number(isDestructiveMove(b)));
}
