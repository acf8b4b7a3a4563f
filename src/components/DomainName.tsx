import { Fragment } from 'react';

/**
 * A domain name that wraps only after its dots (`reversemasterclass.` / `com`), never inside a
 * word, unless one part alone is wider than its box.
 */
export function DomainName({ domain }: { domain: string }) {
  // An address whose setting still holds a sample is empty (src/content/sampleStandIns.ts).
  if (!domain) return null;
  const parts = domain.split('.');
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed name, never reordered
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && (
            <>
              .<wbr />
            </>
          )}
        </Fragment>
      ))}
    </>
  );
}
