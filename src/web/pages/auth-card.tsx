import type { ReactNode } from 'react';
import { Card } from '../components/ui/card';

interface AuthCardProps {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
  footer: ReactNode;
}

/** The centred card that frames the sign-in and sign-up pages. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <div className="w-full max-w-md">
        <Card className="p-6 sm:p-8">
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-950">{title}</h1>
          <p className="mt-2 text-neutral-600">{subtitle}</p>
          <div className="mt-8">{children}</div>
        </Card>
        <p className="mt-6 text-center text-sm text-neutral-600">{footer}</p>
      </div>
    </div>
  );
}
