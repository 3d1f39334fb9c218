import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BankAccount, MASTER_DATA_API, type Partner } from '../../../../shared/contracts/master-data';
import {
  SETTLEMENTS_API,
  type Settlement,
  type SettlementAdjustmentInput,
  type SettlementInput,
  type SettlementList,
  type SettlementReceiveInput,
  type SettlementReopenInput,
} from '../../../../shared/contracts/settlements';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useLiveTopic } from '../../../lib/use-live-topic';
import { useResource, useResourceOptions } from '../../resources';

/**
 * Every server call of the partner and settlement pages (admin). The server publishes the topic
 * `settlements` on every change, so both pages refresh by themselves; receiving or reopening a payout
 * also moves an account's balance, so the ledger's views are refreshed with it.
 */

const TOPIC = 'settlements';
const LIVE_KEYS = [queryKeys.settlements.all];

/** `GET /api/settlements?partnerId=…`: the partner's settlements, newest period first. */
export function usePartnerSettlements(partnerId: string) {
  useLiveTopic(TOPIC, LIVE_KEYS);
  return useQuery({
    queryKey: queryKeys.settlements.list({ partnerId }),
    queryFn: ({ signal }) =>
      apiRequest<SettlementList>(`${SETTLEMENTS_API.settlements}?${new URLSearchParams({ partnerId })}`, {
        signal,
        cache: 'no-cache',
      }),
    select: (data) => data.items,
  });
}

/** `GET /api/settlements/{id}`: its orders, adjustments and payout report matched. */
export function useSettlement(id: string) {
  useLiveTopic(TOPIC, LIVE_KEYS);
  return useQuery({
    queryKey: queryKeys.settlements.one(id),
    queryFn: ({ signal }) =>
      apiRequest<Settlement>(SETTLEMENTS_API.settlement(id), { signal, cache: 'no-cache' }),
  });
}

/** `GET /api/partners/{id}`: the partner, as Master Data reads it (its edits refresh it). */
export function usePartner(id: string) {
  return useResource<Partner>(MASTER_DATA_API.partners, id);
}

/** The active bank and cash accounts a payout may arrive in, by name. */
export function usePayoutAccounts() {
  return useResourceOptions<BankAccount>(MASTER_DATA_API.bankAccounts);
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.settlements.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.ledger.all }),
    ]);
}

/** The settlement the server answered, put in place at once; every list is read again. */
function useSettle() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  return {
    onSuccess: (settlement: Settlement) => {
      queryClient.setQueryData(queryKeys.settlements.one(settlement.id), settlement);
    },
    onSettled: invalidate,
  };
}

/** `POST /api/settlements`: 409 `nothing-to-settle` when the period holds no order left to settle. */
export function useCreateSettlement() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (input: SettlementInput) =>
      apiRequest<Settlement>(SETTLEMENTS_API.settlements, { method: 'POST', body: input }),
    ...settle,
  });
}

/** `DELETE /api/settlements/{id}` (pending only): its orders can be settled again. */
export function useDeleteSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(SETTLEMENTS_API.settlement(id), { method: 'DELETE' }),
    // The page of the deleted one is left at once: it is not read again (it would be a 404 meanwhile).
    onSettled: (_answer, _error, id) =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.settlements.all,
        predicate: (query) => query.queryKey[1] !== 'one' || query.queryKey[2] !== id,
      }),
  });
}

/** `POST /api/settlements/{id}/adjustments`: a signed amount with its reason, and the version read. */
export function useAddAdjustment() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SettlementAdjustmentInput }) =>
      apiRequest<Settlement>(SETTLEMENTS_API.adjustments(id), { method: 'POST', body: input }),
    ...settle,
  });
}

/** `DELETE /api/settlements/{id}/adjustments/{adjustmentId}`. */
export function useRemoveAdjustment() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, adjustmentId }: { id: string; adjustmentId: string }) =>
      apiRequest<Settlement>(SETTLEMENTS_API.adjustment(id, adjustmentId), { method: 'DELETE' }),
    ...settle,
  });
}

/** `POST /api/settlements/{id}/payout-report` (multipart field `file`): replaces any report before. */
export function useImportPayoutReport() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest<Settlement>(SETTLEMENTS_API.payoutReport(id), { method: 'POST', form });
    },
    ...settle,
  });
}

/** `POST /api/settlements/{id}/receive`: the payout deposited in an account; the settlement received. */
export function useReceiveSettlement() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SettlementReceiveInput }) =>
      apiRequest<Settlement>(SETTLEMENTS_API.receive(id), { method: 'POST', body: input }),
    ...settle,
  });
}

/** `POST /api/settlements/{id}/reopen`: the payout's ledger rows reversed; pending again. */
export function useReopenSettlement() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SettlementReopenInput }) =>
      apiRequest<Settlement>(SETTLEMENTS_API.reopen(id), { method: 'POST', body: input }),
    ...settle,
  });
}
