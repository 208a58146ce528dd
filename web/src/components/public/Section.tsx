import type { ReactNode } from 'react';

/** A titled card of a public page (the meeting's overview, a group item's view). */
export function Section({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="pub-card pub-section" data-testid={testId}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}
