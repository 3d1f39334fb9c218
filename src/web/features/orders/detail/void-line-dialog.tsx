import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import {
  LINE_VOID_KIND_LABELS,
  LINE_VOID_KINDS,
  type LineVoidInput,
  type LineVoidKind,
  type OrderLine,
  orderNumberLabel,
} from '../../../../shared/contracts/orders';
import { hasManagerAccess } from '../../../../shared/roles';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { OTHER_REASON, ReasonChoice, reasonText } from '../../../components/ui/reason-choice';
import { SegmentedChoice } from '../../../components/ui/segmented-choice';
import { EMAIL_INPUT, TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useFocusFirstInvalid } from '../../../lib/focus-first-invalid';
import { isStaleWrite } from '../../../lib/stale-write';
import { useSession } from '../../auth';
import { hasPayments, refundRequired } from '../../payments';
import { type CachedOrder, useRequestVoid, useVoidLine } from '../api/orders-api';
import { useOrderMoney } from '../list/order-format';
import { isCounted, presetReasons, STALE_CHECK_MESSAGE } from './check-model';
import { CheckNote } from './check-notes';

const KIND_HELP: Record<LineVoidKind, string> = {
  void: 'Void: not made, not charged.',
  comp: 'Comp: made, and given free.',
};

const KIND_DONE: Record<LineVoidKind, string> = { void: 'Voided', comp: 'Comped' };
const KIND_BUSY: Record<LineVoidKind, string> = { void: 'Voiding...', comp: 'Comping...' };

interface VoidLineDialogProps {
  order: CachedOrder;
  /** The line to void or comp; null: closed. */
  line: OrderLine | null;
  onClose: () => void;
  /** Takes the viewer to the order's payments, where a manager refunds. */
  onShowPayments: () => void;
}

/**
 * Void (not made, not charged) or comp (made, given free) a line of an open check, all of it or some
 * of its quantity, with a reason: a usual one in one tap or one typed. A manager does it at once;
 * anyone else asks a manager, who enters their e-mail and password in the same dialog for this one
 * change (the server records it under the manager's name). A change that would leave the check
 * owing less than was paid is refused until that much is refunded: the dialog says how much and where.
 */
export function VoidLineDialog({ order, line: opened, onClose, onShowPayments }: VoidLineDialogProps) {
  const voidLine = useVoidLine();
  const [key, setKey] = useState(0);
  const label = opened ? `${opened.quantity} × ${opened.name}` : '';
  function close() {
    voidLine.reset();
    setKey((count) => count + 1);
    onClose();
  }
  return (
    <Dialog
      open={opened !== null}
      onClose={close}
      busy={voidLine.isPending}
      title={`Void or comp ${label}`}
      description={`Order ${orderNumberLabel(order.number)}. The line stays on the check, struck through, and is no longer charged.`}
    >
      {opened && (
        <VoidLineForm
          key={`${opened.id}-${key}`}
          order={order}
          opened={opened}
          voidLine={voidLine}
          onClose={close}
          onShowPayments={() => {
            close();
            onShowPayments();
          }}
        />
      )}
    </Dialog>
  );
}

function VoidLineForm({
  order,
  opened,
  voidLine,
  onClose,
  onShowPayments,
}: {
  order: CachedOrder;
  opened: OrderLine;
  voidLine: ReturnType<typeof useVoidLine>;
  onClose: () => void;
  onShowPayments: () => void;
}) {
  const { user } = useSession();
  const isManager = hasManagerAccess(user?.role);
  const formatMoney = useOrderMoney();
  const money = (minor: number) => formatMoney(minor, order.currency);
  // The line as the order was last read (after a refusal it is read again).
  const line = order.lines.find((each) => each.id === opened.id) ?? null;
  const [kind, setKind] = useState<LineVoidKind>('void');
  const [quantity, setQuantity] = useState(opened.quantity);
  const [choice, setChoice] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [refund, setRefund] = useState<number | null>(null);
  const typedRef = useRef<HTMLTextAreaElement>(null);
  const invalid = useFocusFirstInvalid();
  const busy = voidLine.isPending;
  const available = line !== null && isCounted(line);
  const most = line?.quantity ?? opened.quantity;
  const count = Math.min(quantity, most);
  const doing = `${LINE_VOID_KIND_LABELS[kind]} ${count} × ${opened.name}`;
  const approvalHelpId = useId();
  const requestVoid = useRequestVoid();

  /** Staff ask the managers instead: they are told and do it from their own device. */
  function askManagers() {
    if (!line || !available) return;
    const reason = reasonText(choice, typed);
    if (!reason) {
      setReasonError(choice === OTHER_REASON ? 'Enter the reason.' : `Choose the reason for the ${kind}.`);
      invalid.focusFirstInvalid();
      return;
    }
    setRefusal(null);
    requestVoid.mutate(
      {
        id: order.id,
        lineId: line.id,
        input: { kind, reason, ...(count < line.quantity ? { quantity: count } : {}) },
      },
      {
        onSuccess: () => {
          toast.success(
            `The managers were asked to ${kind} ${count} × ${line.name}: one of them does it from their device.`,
          );
          onClose();
        },
        onError: (error) => setRefusal(errorMessage(error)),
      },
    );
  }

  // Choosing "Other…" is choosing to type: the field it opens takes the focus.
  useEffect(() => {
    if (choice === OTHER_REASON) typedRef.current?.focus();
  }, [choice]);

  function chooseKind(next: LineVoidKind) {
    setKind(next);
    // A preset of the other kind does not fit this one; a typed reason stays.
    if (choice !== null && choice !== OTHER_REASON && !presetReasons(next).includes(choice)) setChoice(null);
    setRefund(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!line || !available) return;
    setRefusal(null);
    const reason = reasonText(choice, typed);
    const missingReason = reason
      ? null
      : choice === OTHER_REASON
        ? 'Enter the reason.'
        : `Choose the reason for the ${kind}.`;
    const missingEmail = !isManager && email.trim() === '' ? 'Enter the manager’s e-mail.' : null;
    const missingPassword = !isManager && password === '' ? 'Enter the manager’s password.' : null;
    setReasonError(missingReason);
    setEmailError(missingEmail);
    setPasswordError(missingPassword);
    if (missingReason || missingEmail || missingPassword) {
      invalid.focusFirstInvalid();
      return;
    }
    const input: LineVoidInput = {
      version: order.version,
      kind,
      reason,
      ...(count < line.quantity ? { quantity: count } : {}),
      ...(isManager ? {} : { approval: { email: email.trim(), password } }),
    };
    voidLine.mutate(
      { id: order.id, lineId: line.id, input },
      {
        onSuccess: () => {
          toast.success(
            `${KIND_DONE[kind]} ${count} × ${line.name} on order ${orderNumberLabel(order.number)}.`,
          );
          onClose();
        },
        onError: (error) => {
          const asked = refundRequired(error);
          if (asked !== null) {
            setRefund(asked.amount);
            return;
          }
          if (isStaleWrite(error)) {
            setRefusal(STALE_CHECK_MESSAGE);
            return;
          }
          if (isApiError(error) && error.status === 400 && !isManager) {
            // The approval did not match a manager's account: said at the password, which is typed again.
            setPassword('');
            setPasswordError(errorMessage(error));
            invalid.focusFirstInvalid();
            return;
          }
          setRefusal(errorMessage(error));
        },
      },
    );
  }

  if (!available) {
    return (
      <div className="flex flex-col gap-5">
        <p role="alert" className="text-sm text-neutral-800">
          This line is no longer on the check as it was (someone changed the order meanwhile). Close this and
          look at the order again.
        </p>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form ref={invalid.ref} noValidate onSubmit={submit} className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <SegmentedChoice
          legend="Void or comp"
          hideLegend
          options={LINE_VOID_KINDS}
          labels={LINE_VOID_KIND_LABELS}
          value={kind}
          onChange={chooseKind}
        />
        <p className="text-sm text-neutral-600" data-testid="void-kind-help">
          {KIND_HELP[kind]}
        </p>
      </div>

      {line.quantity > 1 && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-medium text-neutral-800" id={`void-count-${line.id}`}>
            How many to {kind}
          </p>
          <div className="flex items-center gap-2">
            <QuantityStepper
              name={line.name}
              value={count}
              min={1}
              max={line.quantity}
              onChange={(next) => {
                setQuantity(next);
                setRefund(null);
              }}
              inputLabel={`How many ${line.name} to ${kind}`}
            />
            <span className="text-sm text-neutral-600">of {line.quantity}</span>
          </div>
        </div>
      )}

      <ReasonChoice
        legend="Reason"
        presets={presetReasons(kind)}
        choice={choice}
        typed={typed}
        onChoose={(next) => {
          setChoice(next);
          setReasonError(null);
        }}
        onType={(text) => {
          setTyped(text);
          setReasonError(null);
        }}
        error={reasonError}
        disabled={busy}
        typedRef={typedRef}
        placeholder="For example: spilled at the table."
      />

      {!isManager && (
        <fieldset
          disabled={busy}
          className="flex flex-col gap-3 rounded-xl border border-neutral-300 bg-neutral-50 p-4"
          aria-describedby={approvalHelpId}
        >
          <legend className="flex items-center gap-1.5 px-1 text-sm font-semibold text-neutral-950">
            <ShieldCheck aria-hidden="true" className="size-4" />
            Manager approval
          </legend>
          <p id={approvalHelpId} className="text-sm text-neutral-700">
            Only a manager can void or comp a line. A manager approves it here with their own e-mail and
            password: checked for this one change and not kept; the change is recorded under their name.
          </p>
          <TextField
            {...EMAIL_INPUT}
            name="manager-email"
            autoComplete="off"
            label="Manager’s e-mail"
            value={email}
            error={emailError}
            onChange={(event) => {
              setEmail(event.target.value);
              setEmailError(null);
            }}
          />
          <TextField
            type="password"
            name="manager-password"
            autoComplete="off"
            label="Manager’s password"
            value={password}
            error={passwordError}
            onChange={(event) => {
              setPassword(event.target.value);
              setPasswordError(null);
            }}
          />
          <p className="text-sm text-neutral-700">
            No manager at hand? Ask them: each manager is told and can do it from their own device.
          </p>
          <Button
            variant="secondary"
            className="self-start"
            onClick={askManagers}
            isLoading={requestVoid.isPending}
          >
            Ask a manager
          </Button>
        </fieldset>
      )}

      {refund !== null && (
        <CheckNote testId="refund-first">
          <p>
            More was paid for this order than it would cost without this line: refund{' '}
            <strong className="font-semibold tabular-nums">{money(refund)}</strong> first, then {kind} it.
          </p>
          <p className="mt-1">
            {isManager
              ? 'Refund it from the order’s Payments (Refund on the payment), then come back to this line.'
              : 'Only a manager can refund: a manager signed in refunds it from the order’s Payments, then this line can be changed.'}
          </p>
          {isManager && hasPayments(order) && (
            <Button variant="secondary" className="mt-2 h-9 px-3" onClick={onShowPayments}>
              Go to payments
            </Button>
          )}
        </CheckNote>
      )}

      {refusal && (
        <CheckNote>
          <p>{refusal}</p>
        </CheckNote>
      )}

      {/* Kept at the dialog's bottom edge while the form scrolls (a phone shows half of it). */}
      <div
        data-dialog-actions
        className="sticky bottom-0 -mx-6 -mb-6 flex flex-col-reverse gap-3 border-t border-neutral-200 bg-white px-6 py-4 sm:flex-row sm:justify-end"
      >
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Back
        </Button>
        <Button
          type="submit"
          variant={kind === 'void' ? 'danger' : 'primary'}
          isLoading={busy}
          className="h-auto min-h-10 py-2 whitespace-normal"
        >
          {busy ? KIND_BUSY[kind] : doing}
        </Button>
      </div>
    </form>
  );
}
