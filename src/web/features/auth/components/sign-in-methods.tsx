import { clsx } from 'clsx';
import { Mail, Smartphone } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { GoogleSignInButton } from './google-sign-in';

type Method = 'email' | 'phone';

/** `?method=phone` opens the phone step directly (a link, a reload, the back button keep it). */
const METHOD_PARAM = 'method';

const TABS: { method: Method; label: string; icon: typeof Mail }[] = [
  { method: 'email', label: 'Email', icon: Mail },
  { method: 'phone', label: 'Phone', icon: Smartphone },
];

interface SignInMethodsProps {
  /** Offer "Continue with Google" (only when the server has it configured). */
  google: boolean;
  email: ReactNode;
  /** The phone step, or null when the server does not offer phone sign-in. */
  phone: ReactNode | null;
}

/**
 * The ways to sign in or sign up: Google on top when configured, then e-mail or phone as two tabs.
 * Only the open tab is mounted, so the phone step sets up its human check when it opens.
 */
export function SignInMethods({ google, email, phone }: SignInMethodsProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const method: Method = searchParams.get(METHOD_PARAM) === 'phone' ? 'phone' : 'email';
  const id = useId();
  const tabRefs = useRef<Partial<Record<Method, HTMLButtonElement | null>>>({});

  function choose(next: Method, focus = false) {
    if (focus) tabRefs.current[next]?.focus();
    if (next === method) return;
    const params = new URLSearchParams(searchParams);
    if (next === 'email') params.delete(METHOD_PARAM);
    else params.set(METHOD_PARAM, next);
    setSearchParams(params, { replace: true, preventScrollReset: true });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((tab) => tab.method === method);
    let next: number | null = null;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = (index + 1) % TABS.length;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = (index - 1 + TABS.length) % TABS.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = TABS.length - 1;
    if (next === null) return;
    event.preventDefault();
    const tab = TABS[next];
    if (tab) choose(tab.method, true);
  }

  return (
    <div className="flex flex-col gap-6">
      {google && (
        <>
          <GoogleSignInButton />
          <div className="flex items-center gap-3 text-sm text-neutral-500" aria-hidden="true">
            <span className="h-px flex-1 bg-neutral-200" />
            or
            <span className="h-px flex-1 bg-neutral-200" />
          </div>
        </>
      )}
      {phone === null ? (
        email
      ) : (
        <>
          <div
            role="tablist"
            aria-label="Sign-in method"
            className="grid grid-cols-2 gap-1 rounded-xl bg-neutral-100 p-1"
            onKeyDown={handleKeyDown}
          >
            {TABS.map((tab) => {
              const selected = tab.method === method;
              const Icon = tab.icon;
              return (
                <button
                  key={tab.method}
                  ref={(node) => {
                    tabRefs.current[tab.method] = node;
                  }}
                  type="button"
                  role="tab"
                  id={`${id}-${tab.method}-tab`}
                  aria-selected={selected}
                  aria-controls={`${id}-panel`}
                  tabIndex={selected ? 0 : -1}
                  onClick={() => choose(tab.method)}
                  className={clsx(
                    'inline-flex h-10 items-center justify-center gap-2 rounded-lg text-sm font-medium transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
                    selected
                      ? 'bg-white text-neutral-950 shadow-sm'
                      : 'text-neutral-600 hover:bg-white/60 hover:text-neutral-900',
                  )}
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {tab.label}
                </button>
              );
            })}
          </div>
          {/* Not labelled by its tab on purpose: a label "Email" would also name this whole panel. */}
          <div role="tabpanel" id={`${id}-panel`}>
            {method === 'phone' ? phone : email}
          </div>
        </>
      )}
    </div>
  );
}
