import type { ReactNode } from 'react';

/** A card section of a tool page (the converter's sidebar and results), titled by its heading. */
export function Panel({
  headingId,
  title,
  testId,
  children,
}: {
  headingId: string;
  title: ReactNode;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <section
      data-testid={testId}
      aria-labelledby={headingId}
      className="rounded-2xl border border-line bg-surface p-5"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
