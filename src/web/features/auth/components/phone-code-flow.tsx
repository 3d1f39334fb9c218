import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useFocusFirstInvalid } from '../../../lib/focus-first-invalid';
import { validateRequired } from '../../../lib/form-validation';
import {
  callingCodeForLocale,
  normalizePhoneNumber,
  validateCode,
  validatePhoneNumber,
} from '../../../lib/phone-number';
import { useConfig } from '../../config';
import { useSendPhoneCode, useVerifyPhoneCode, type VerifyPhoneCodeResult } from '../api/phone';
import { useHumanCheckEscalation, useHumanCheckGate } from './use-human-check-gate';

/** Seconds before another code may be asked for (the server allows 3 per number in 10 minutes). */
const RESEND_AFTER_SECONDS = 30;

export type PhoneCodePurpose = 'sign-in' | 'sign-up' | 'change';

export interface PhoneVerified {
  phoneNumber: string;
  /** The name typed on the sign-up form, if any. */
  name: string | null;
  result: VerifyPhoneCodeResult;
}

interface PhoneCodeFlowProps {
  purpose: PhoneCodePurpose;
  /** Runs after the code is confirmed and "Phone verified successfully!" is shown. */
  onVerified: (verified: PhoneVerified) => void | Promise<void>;
  /** Shown as a Cancel button in step 1 when given. */
  onCancel?: () => void;
  /** Put the cursor in the phone field at once (when the flow opens on the user's request). */
  autoFocus?: boolean;
}

function useCountdown(): [number, (seconds: number) => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 1000);
    return () => window.clearTimeout(timer);
  }, [until, now]);
  const remaining = Math.max(0, Math.ceil((until - now) / 1000));
  return [
    remaining,
    (seconds) => {
      const start = Date.now();
      setNow(start);
      setUntil(start + seconds * 1000);
    },
  ];
}

/**
 * Phone sign-in in two steps: first the number and the human check (set up when this
 * opens; sending waits until it has passed), then the 6-digit code. The code can be sent again (with a
 * fresh check) and the number changed.
 */
export function PhoneCodeFlow({ purpose, onVerified, onCancel, autoFocus = false }: PhoneCodeFlowProps) {
  const humanCheck = useHumanCheckGate();
  // Many wrong codes for the number: the server asks for the check on confirming too.
  const escalation = useHumanCheckEscalation(humanCheck);
  const sendCode = useSendPhoneCode();
  const verifyCode = useVerifyPhoneCode();
  // Numbers of the restaurant's own country may be typed without the country code.
  const config = useConfig();
  const callingCode = callingCodeForLocale(config.data?.locale);

  const [step, setStep] = useState<'number' | 'code'>('number');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [code, setCode] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [waitingForCheck, setWaitingForCheck] = useState(false);
  const [resent, setResent] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const [resendIn, startResendCountdown] = useCountdown();

  const invalid = useFocusFirstInvalid();
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const askName = purpose === 'sign-up';
  const nameError = askName ? validateRequired(name, 'Enter your name.') : null;
  const phoneError = validatePhoneNumber(phone, callingCode);
  const codeError = validateCode(code);
  const sending = sendCode.isPending || waitingForCheck;
  const verifying = verifyCode.isPending || escalation.waiting || finishing;

  // The cursor follows the step; on opening only when asked, so a tab switch keeps its focus.
  const focusedStep = useRef<'number' | 'code' | null>(autoFocus ? null : 'number');
  useEffect(() => {
    if (focusedStep.current === step) return;
    focusedStep.current = step;
    (step === 'code' ? codeRef : phoneRef).current?.focus();
  }, [step]);

  async function send(phoneNumber: string): Promise<boolean> {
    setWaitingForCheck(true);
    const payload = await humanCheck.takePayload();
    setWaitingForCheck(false);
    if (!payload) return false;
    try {
      await sendCode.mutateAsync({ phoneNumber, humanCheck: payload });
    } catch {
      return false;
    }
    startResendCountdown(RESEND_AFTER_SECONDS);
    return true;
  }

  async function handleSendCode() {
    setShowErrors(true);
    if (nameError || phoneError) return invalid.focusFirstInvalid();
    const phoneNumber = normalizePhoneNumber(phone, callingCode);
    if (!(await send(phoneNumber))) return;
    setSentTo(phoneNumber);
    // The number as it was sent, with its country code: the guest sees what "555 123 4567" became.
    setPhone(phoneNumber);
    setCode('');
    setResent(false);
    setShowErrors(false);
    setStep('code');
  }

  async function handleResend() {
    if (sending || resendIn > 0) return;
    if (await send(sentTo)) {
      setResent(true);
      setCode('');
      codeRef.current?.focus();
    }
  }

  async function handleConfirm() {
    setShowErrors(true);
    if (codeError) return codeRef.current?.focus();
    let result: VerifyPhoneCodeResult | undefined;
    try {
      result = await escalation.attempt((check) =>
        verifyCode.mutateAsync({
          phoneNumber: sentTo,
          code: code.trim(),
          updatePhoneNumber: purpose === 'change' || undefined,
          humanCheck: check,
        }),
      );
    } catch {
      // The mutation has shown the server's message as a toast; the next try starts empty.
      setCode('');
      setShowErrors(false);
      codeRef.current?.focus();
      return;
    }
    if (!result) return;
    setFinishing(true);
    try {
      await onVerified({ phoneNumber: sentTo, name: askName ? name.trim() : null, result });
    } finally {
      setFinishing(false);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || verifying) return;
    if (step === 'number') void handleSendCode();
    else void handleConfirm();
  }

  function changeNumber() {
    setStep('number');
    setCode('');
    setShowErrors(false);
  }

  return (
    <form ref={invalid.ref} noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      {step === 'number' ? (
        <div className="flex flex-col gap-5">
          {askName && (
            <TextField
              label="Name"
              type="text"
              name="name"
              autoComplete="name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={showErrors ? nameError : null}
              disabled={sending}
              required
            />
          )}
          <TextField
            ref={phoneRef}
            label="Phone number"
            type="tel"
            name="phone"
            autoComplete="tel"
            inputMode="tel"
            placeholder={callingCode === '1' ? '555 123 4567' : '+15551234567'}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            error={showErrors ? phoneError : null}
            description={
              callingCode
                ? `Numbers without a country code are read as +${callingCode}. We text you a 6-digit code.`
                : 'With the country code. We text you a 6-digit code.'
            }
            disabled={sending}
            required
          />
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          <p role="status" className="text-sm text-neutral-700">
            {resent ? 'We sent a new code to ' : 'We sent a 6-digit code to '}
            <span className="font-medium whitespace-nowrap text-neutral-950">{sentTo}</span>. It is valid for
            5 minutes.
          </p>
          <TextField
            ref={codeRef}
            label="Verification code"
            type="text"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            error={showErrors ? codeError : null}
            disabled={verifying}
            className="[&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.4em]"
            required
          />
          <Button type="submit" size="lg" fullWidth isLoading={verifying}>
            {verifying ? 'Confirming...' : 'Confirm code'}
          </Button>
        </div>
      )}

      {/* One widget for both steps: a resend needs a fresh check too. */}
      <div className={step === 'code' ? 'flex flex-col gap-2' : undefined}>
        {step === 'code' && escalation.required && (
          <p role="status" className="text-sm text-neutral-700">
            There were many wrong codes for this number, so we check that you are human first.
          </p>
        )}
        {step === 'code' && <p className="text-sm text-neutral-600">Didn’t get it? Ask for a new code.</p>}
        {humanCheck.element}
      </div>

      {step === 'number' ? (
        <div className="flex flex-col gap-3">
          <Button type="submit" size="lg" fullWidth isLoading={sending}>
            {sending ? 'Sending code...' : 'Send code'}
          </Button>
          {onCancel && (
            <Button variant="ghost" fullWidth onClick={onCancel} disabled={sending}>
              Cancel
            </Button>
          )}
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <Button
            variant="secondary"
            onClick={() => void handleResend()}
            isLoading={sending}
            disabled={resendIn > 0 || verifying}
          >
            {sending ? 'Sending...' : resendIn > 0 ? `Resend code (${resendIn} s)` : 'Resend code'}
          </Button>
          <Button variant="ghost" onClick={changeNumber} disabled={sending || verifying}>
            Change number
          </Button>
        </div>
      )}
    </form>
  );
}
