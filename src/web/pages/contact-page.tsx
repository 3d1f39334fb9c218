import { CircleCheck, Mail, MapPin, Phone } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { DocumentTitle } from '../components/ui/document-title';
import { ContactForm } from '../features/contact';
import { useContactDetails } from '../features/site';

/** Digits and a leading plus: what a `tel:` link needs. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;
}

function DetailRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-neutral-100 text-neutral-700"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <dt className="text-sm text-neutral-500">{label}</dt>
        <dd className="mt-0.5 font-medium break-words text-neutral-950">{children}</dd>
      </div>
    </div>
  );
}

const LINK_CLASSES =
  'rounded-sm underline decoration-neutral-300 underline-offset-4 hover:decoration-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950';

function ContactDetailsCard() {
  const details = useContactDetails();
  const { address, phone, email } = details.data ?? { address: '', phone: '', email: '' };

  let content: ReactNode;
  if (details.isPending) {
    content = (
      <div role="status" aria-label="Loading" className="flex flex-col gap-5">
        {['address', 'phone', 'email'].map((row) => (
          <div key={row} className="flex gap-3">
            <div className="size-10 animate-pulse rounded-xl bg-neutral-200" />
            <div className="flex flex-1 flex-col gap-2 pt-1">
              <div className="h-3 w-16 animate-pulse rounded bg-neutral-200" />
              <div className="h-4 w-40 animate-pulse rounded bg-neutral-200" />
            </div>
          </div>
        ))}
      </div>
    );
  } else if (details.isError || (!address && !phone && !email)) {
    content = (
      <p className="text-neutral-600">Send us a message with the form and we will get back to you.</p>
    );
  } else {
    content = (
      <dl className="flex flex-col gap-5">
        {address && (
          <DetailRow icon={<MapPin className="size-5" />} label="Address">
            <address className="not-italic whitespace-pre-line">{address}</address>
          </DetailRow>
        )}
        {phone && (
          <DetailRow icon={<Phone className="size-5" />} label="Phone">
            <a href={telHref(phone)} className={LINK_CLASSES}>
              {phone}
            </a>
          </DetailRow>
        )}
        {email && (
          <DetailRow icon={<Mail className="size-5" />} label="Email">
            <a href={`mailto:${email}`} className={LINK_CLASSES}>
              {email}
            </a>
          </DetailRow>
        )}
      </dl>
    );
  }

  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-lg font-semibold text-neutral-950">
        {details.data?.name ? `Visit or call ${details.data.name}` : 'Visit or call us'}
      </h2>
      <div className="mt-5">{content}</div>
    </Card>
  );
}

function ThankYou({ sender, onAgain }: { sender: { name: string; email: string }; onAgain: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form and its button are gone: bring focus to the news.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="flex flex-col items-start gap-4">
      <CircleCheck aria-hidden="true" className="size-10 text-emerald-600" />
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-neutral-950 focus:outline-none"
      >
        Thank you, {sender.name}!
      </h2>
      <p className="text-neutral-600">
        We have received your message and will reply to{' '}
        <span className="font-medium break-words text-neutral-950">{sender.email}</span> as soon as we can.
      </p>
      <Button variant="secondary" onClick={onAgain}>
        Send another message
      </Button>
    </div>
  );
}

/** `/contact`: the restaurant's address, phone and e-mail, and a form that reaches its admins. */
export function ContactPage() {
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null);
  // A fresh form (and human check) for every message.
  const [formKey, setFormKey] = useState(0);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <DocumentTitle title="Contact" />
      <h1 className="text-3xl font-semibold tracking-tight text-neutral-950 sm:text-4xl">Contact us</h1>
      <p className="mt-3 max-w-2xl text-lg text-neutral-600">
        Questions, bookings for a group, or feedback on your visit: we are happy to hear from you.
      </p>
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <ContactDetailsCard />
        <Card className="p-6 sm:p-8">
          {sent ? (
            <ThankYou
              sender={sent}
              onAgain={() => {
                setSent(null);
                setFormKey((key) => key + 1);
              }}
            />
          ) : (
            <>
              <h2 className="mb-5 text-lg font-semibold text-neutral-950">Send us a message</h2>
              <ContactForm key={formKey} onSent={setSent} />
            </>
          )}
        </Card>
      </div>
    </div>
  );
}
