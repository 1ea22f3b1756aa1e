import { useId, type ReactNode } from 'react';

interface StatusPageProps {
  readonly title: string;
  /** The explanation under the title. */
  readonly children?: ReactNode;
  /** Links or buttons that get the viewer out of here. */
  readonly actions?: ReactNode;
  readonly tone?: 'info' | 'error';
}

/** One centred message with a way out: used by the error, 404, startup and sign-in pages. */
export function StatusPage({ title, children, actions, tone = 'info' }: StatusPageProps) {
  const titleId = useId();
  return (
    <section className={`status-page status-page--${tone}`} aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      {children}
      {actions !== undefined && <div className="status-page__actions">{actions}</div>}
    </section>
  );
}
