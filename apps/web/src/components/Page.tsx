import type { ReactNode } from 'react';
import { usePageMeta } from '../lib/usePageMeta';

export function Page({
  title,
  lead,
  children,
  metaTitle,
  wide,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  metaTitle?: string;
  wide?: boolean;
}) {
  usePageMeta(metaTitle ?? title, typeof lead === 'string' ? lead : undefined);
  return (
    <div className={`mx-auto px-4 py-10 sm:px-6 ${wide ? 'max-w-7xl' : 'max-w-4xl'}`}>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {lead && <p className="mt-3 text-lg text-muted">{lead}</p>}
      <div className="mt-8">{children}</div>
    </div>
  );
}

export function Section({
  title,
  children,
  id,
}: {
  title: string;
  children: ReactNode;
  id?: string;
}) {
  return (
    <section className="mt-10 first:mt-0" aria-labelledby={id ?? slug(title)}>
      <h2 id={id ?? slug(title)} className="text-2xl font-semibold">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-ink">{children}</div>
    </section>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div className={`rounded-2xl border border-line bg-surface p-5 ${className}`}>{children}</div>
  );
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
